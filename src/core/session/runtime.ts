// The page's one client core (createCore): login, resume after a reload, logout and forced clear, and the
// services the chat features use, handed over through provideChatServices. The session phase the routes follow
// changes only after the services are bound, so a route never renders the chat without them.
import { getLoginNameByToken, updatePassword as updatePasswordCall } from '@generated/api/public';
import type { ApiResult } from '@generated/api/runtime';
import type { ClientConfig, TokenData } from '@generated/types/index';
import { IS_SHOW_GRID_CHILD_MODE } from '@variant/flags';
import { createCore, errorMessage, serverNotReached, useSessionStore, type Core, type SessionEndReason } from '../index.ts';
import { publishQueryClient } from './core-query-client.ts';
import { attachCore, notifySessionCleared, notifySessionEnded } from './live.ts';
import { seedProfile } from './profile.ts';
import { provideChatServices, type ChatServices } from './services.ts';
import { setSessionPhase } from './phase.ts';

// For on-demand.ts, which hands the app's listener over once this chunk is loaded.
export { onSessionCleared } from './live.ts';

let core: Core | null = null;

function notifyCleared(reason: SessionEndReason | null) {
  provideChatServices(null); // the core cleared the query cache (room list, profile) with the session
  notifySessionCleared(); // the app dismisses the open dialogs: a question about the ended session has no answer any more
  setSessionPhase({ phase: 'signedOut', endedBy: reason });
}

export function appCore(): Core {
  core ??= createCore({
    // A grid child is one of several clients framed in one page: its session is its own, kept in neither the
    // browser's vault nor told to (or taken from) the page's other tabs and frames.
    ...(IS_SHOW_GRID_CHILD_MODE ? { vault: null, channel: null } : {}),
    onSessionEnded: (reason) => {
      notifyCleared(reason);
      notifySessionEnded(reason);
    },
    onSessionStarted: () => bindServices(),
  });
  publishQueryClient(core.queryClient);
  attachCore(core);
  return core;
}

export type ResumeOutcome = 'resumed' | 'none' | 'expired' | 'serverError';

/** At start-up: the stored session, if any, checked with the server and its socket reconnected. */
export async function resumeStoredSession(): Promise<ResumeOutcome> {
  setSessionPhase({ phase: 'resuming', endedBy: null });
  let outcome: ResumeOutcome;
  try {
    const result = await appCore().resume();
    outcome = result.kind === 'refused' ? 'none' : result.kind;
  } catch {
    outcome = 'serverError';
  }
  if (outcome === 'resumed') bindServices();
  else setSessionPhase({ phase: 'signedOut', endedBy: outcome === 'expired' ? 'expired' : null, resumeFailed: outcome === 'serverError' });
  return outcome;
}

export type LoginOutcome =
  | { kind: 'signedIn' }
  | { kind: 'mustChangePassword'; loginName: string }
  | { kind: 'failed'; message?: string; code?: string; silent?: boolean }
  | { kind: 'serverError' };

export function signIn(loginName: string, password: string, locale: string): Promise<LoginOutcome> {
  return runLogin({ loginName, password }, locale);
}

/**
 * A token login: the QR page's AUTH_OTP, single sign-on, the webview and embedded hosts' tokens. Without a login
 * name (the QR page knows only the code) the server names the token's account first (getloginnamebytoken).
 */
export async function signInWithToken(loginName: string | null, tokenData: TokenData, locale: string, sso = false): Promise<LoginOutcome> {
  let name = loginName;
  if (!name) {
    let found;
    try {
      found = await getLoginNameByToken(appCore().transport, { tokenData });
    } catch {
      return { kind: 'serverError' };
    }
    if (!found.ok) return failureOutcome(found, locale);
    name = found.data.loginName;
  }
  return runLogin({ loginName: name, tokenData, sso }, locale);
}

function failureOutcome(result: ApiResult<unknown> & { ok: false }, locale: string): LoginOutcome {
  if (serverNotReached(result)) return { kind: 'serverError' };
  return { kind: 'failed', message: errorMessage(result.errMsgList, locale), code: result.errMsgList[0]?.errors[0]?.code };
}

async function runLogin(credentials: Parameters<Core['login']>[0], locale: string): Promise<LoginOutcome> {
  const current = appCore();
  if (useSessionStore.getState().status !== 'signedOut') clearSession();
  let result;
  try {
    result = await current.login(credentials);
  } catch {
    return { kind: 'serverError' };
  }
  switch (result.kind) {
    case 'signedIn':
      bindServices();
      return { kind: 'signedIn' };
    case 'mustChangePassword':
      return { kind: 'mustChangePassword', loginName: result.loginName };
    case 'serverError':
      return { kind: 'serverError' };
    case 'secondFactorRequired':
      // The authenticator step is not built: report it as a failure with the server's wording.
      return { kind: 'failed' };
    case 'failed':
      return {
        kind: 'failed',
        silent: result.silent,
        message: errorMessage(result.errMsgList, locale),
        code: result.errMsgList[0]?.errors[0]?.code,
      };
  }
}

function bindServices() {
  const session = useSessionStore.getState();
  const current = appCore();
  if (session.status !== 'signedIn' || !session.accountId) {
    provideChatServices(null);
    setSessionPhase({ phase: 'signedOut', endedBy: null });
    return;
  }
  const services: ChatServices = {
    transport: current.transport,
    keys: current.keys,
    queryClient: current.queryClient,
    realtime: current.realtime,
    accountId: session.accountId,
    loginName: session.loginName ?? '',
    clientConfig: session.applicationProfile?.clientConfig as ClientConfig | undefined,
  };
  seedProfile(current.queryClient, session.profile);
  provideChatServices(services);
  setSessionPhase({ phase: 'signedIn', endedBy: null });
}

/** Wipes the session without a server call (error page, a new login over an old session). */
export function clearSession(): void {
  appCore().forcedClear();
  notifyCleared(null);
}

/** Logout: the server, this tab, the stored session and every other tab of this browser. */
export async function signOut(): Promise<void> {
  try {
    await appCore().logout();
  } finally {
    notifyCleared(null);
  }
}

export async function updatePassword(change: { loginName: string; oldPassword: string; newPassword: string; newConfirmPassword: string }) {
  const result = await updatePasswordCall(appCore().transport, change);
  return result.ok;
}
