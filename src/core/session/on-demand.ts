// The session core (transport, device keys, the STOMP client, TanStack Query) is a chunk of its own: the login page
// shows without it. Start-up loads it at once only when a session is stored (the resume needs it); otherwise the
// page is signed out at once and the core follows in the background, so a Sign In rarely waits for it and the
// other tabs' logins are followed. Login and password change reach it through these wrappers.
import type { TokenData } from '@generated/types/index';
import { IS_SHOW_GRID_CHILD_MODE } from '@variant/flags';
import { browserSessionVault } from './session-vault.ts';
import { setSessionPhase } from './phase.ts';
import type { LoginOutcome, ResumeOutcome } from './runtime.ts';

const runtime = () => import('./runtime.ts');

/** A stored session to resume? Grid children keep none; an unreadable vault is left to the core to report. */
async function hasStoredSession(): Promise<boolean> {
  if (IS_SHOW_GRID_CHILD_MODE) return false;
  try {
    return (await browserSessionVault()?.load()) != null;
  } catch {
    return true;
  }
}

/** At start-up: the stored session resumed (reload, new tab), or signed out at once when there is none. */
export async function startSession(): Promise<ResumeOutcome> {
  if (!(await hasStoredSession())) {
    setSessionPhase({ phase: 'signedOut', endedBy: null });
    // The core listens to the other tabs from its creation on.
    void runtime().then((m) => m.appCore(), () => undefined);
    return 'none';
  }
  try {
    return await (await runtime()).resumeStoredSession();
  } catch {
    // The core could not be loaded (server unreachable): the stored session is kept for the next start.
    setSessionPhase({ phase: 'signedOut', endedBy: null, resumeFailed: true });
    return 'serverError';
  }
}

async function withRuntime(run: (m: Awaited<ReturnType<typeof runtime>>) => Promise<LoginOutcome>): Promise<LoginOutcome> {
  let loaded;
  try {
    loaded = await runtime();
  } catch {
    return { kind: 'serverError' };
  }
  return run(loaded);
}

/**
 * The session was cleared, asked for or not: `listener` is handed to the core once its chunk is loaded (start-up
 * loads it either way), so that live.ts stays out of the login page's JavaScript. The app dismisses the open
 * dialogs there (src/ui is above the core).
 */
export function onSessionCleared(listener: () => void): void {
  void runtime().then((m) => m.onSessionCleared(listener), () => undefined);
}

/** What starts with a sign-in besides the login call (the signed-in app's chunks: they load while it runs). */
const signInStarts = new Set<() => void>();

export function whenSignInStarts(run: () => void): () => void {
  signInStarts.add(run);
  return () => signInStarts.delete(run);
}

function signInStarted(): void {
  for (const run of signInStarts) run();
}

/**
 * The login page is shown, or the name typed settled: the core asks ahead what the login will need (public profile,
 * device key pair, the name's user key), so the click waits only for the login call itself.
 */
export function prepareSignIn(loginName?: string): void {
  void runtime().then((m) => m.appCore().prepareLogin(loginName), () => undefined);
}

export function signIn(loginName: string, password: string, locale: string): Promise<LoginOutcome> {
  signInStarted();
  return withRuntime((m) => m.signIn(loginName, password, locale));
}

/** A token login (QR, SSO, hosts); without a login name the server names the token's account. */
export function signInWithToken(loginName: string | null, tokenData: TokenData, locale: string, sso = false): Promise<LoginOutcome> {
  signInStarted();
  return withRuntime((m) => m.signInWithToken(loginName, tokenData, locale, sso));
}

export async function updatePassword(change: { loginName: string; oldPassword: string; newPassword: string; newConfirmPassword: string }): Promise<boolean> {
  return (await runtime()).updatePassword(change);
}

/** Wipes the session without a server call (the error page's Back to Login Page). */
export async function clearSession(): Promise<void> {
  (await runtime()).clearSession();
}

/** Logout: the server, this tab, the stored session and every other tab of this browser. */
export async function signOut(): Promise<void> {
  await (await runtime()).signOut();
}
