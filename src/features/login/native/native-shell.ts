// The native desktop client's shell (seed: "a desktop native client that can remember credentials"). The shell
// that hosts the web client exposes `window.chatgenNative`; it keeps the remembered account and password in the
// operating system's store. A web build in a browser has no shell: it shows no 'Remember account and password'
// and stores no password anywhere (docs/embedding.md).

export interface SavedCredentials {
  loginName: string;
  password: string;
}

export interface NativeShell {
  loadCredentials(): Promise<SavedCredentials | null>;
  saveCredentials(credentials: SavedCredentials): Promise<void>;
  clearCredentials(): Promise<void>;
}

export function nativeShell(): NativeShell | null {
  const shell = (window as unknown as { chatgenNative?: Partial<NativeShell> }).chatgenNative;
  if (!shell) return null;
  const { loadCredentials, saveCredentials, clearCredentials } = shell;
  if (typeof loadCredentials !== 'function' || typeof saveCredentials !== 'function' || typeof clearCredentials !== 'function') return null;
  return shell as NativeShell;
}

/** Saved credentials the shell hands back, when they are usable. */
export async function savedCredentials(shell: NativeShell): Promise<SavedCredentials | null> {
  try {
    const saved = await shell.loadCredentials();
    return saved && typeof saved.loginName === 'string' && saved.loginName.trim() && typeof saved.password === 'string' && saved.password
      ? { loginName: saved.loginName.trim(), password: saved.password }
      : null;
  } catch {
    return null;
  }
}

/** After a successful password login: remember the account, or forget a remembered one. */
export async function rememberAccount(shell: NativeShell, remember: boolean, credentials: SavedCredentials): Promise<void> {
  try {
    if (remember) await shell.saveCredentials(credentials);
    else await shell.clearCredentials();
  } catch (error) {
    console.error('the native shell could not store the account', error);
  }
}
