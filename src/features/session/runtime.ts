// The page's one client core (createCore): login, logout and forced clear, and the services the chat features
// use, handed over through provideChatServices.
import type { ClientConfig } from '@generated/types/index';
import { createCore, errorMessage, useSessionStore, type Core, type RealtimeClient, type SessionEndReason } from '../../core/index.ts';
import { seedProfile } from './profile.ts';
import { provideChatServices, type ChatServices } from './services.ts';

let core: Core | null = null;
const endListeners = new Set<(reason: SessionEndReason) => void>();

function notifyCleared() {
  provideChatServices(null); // the core cleared the query cache (room list, profile) with the session
}

export function appCore(): Core {
  core ??= createCore({
    onSessionEnded: (reason) => {
      notifyCleared();
      endListeners.forEach((listener) => listener(reason));
    },
  });
  return core;
}

export function api() {
  return appCore().api;
}

export type LoginOutcome =
  | { kind: 'signedIn' }
  | { kind: 'mustChangePassword'; loginName: string }
  | { kind: 'failed'; message?: string; code?: string; silent?: boolean }
  | { kind: 'serverError' };

export async function signIn(loginName: string, password: string, locale: string): Promise<LoginOutcome> {
  const current = appCore();
  if (useSessionStore.getState().status !== 'signedOut') clearSession();
  let result;
  try {
    result = await current.login({ loginName, password });
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
  if (session.status !== 'signedIn' || !session.accountId) return provideChatServices(null);
  const services: ChatServices = {
    api: current.api,
    keys: current.keys,
    queryClient: current.queryClient,
    realtime: current.realtime,
    accountId: session.accountId,
    loginName: session.loginName ?? '',
    clientConfig: session.applicationProfile?.clientConfig as ClientConfig | undefined,
  };
  seedProfile(current.queryClient, session.profile);
  provideChatServices(services);
}

export function isSignedIn(): boolean {
  return useSessionStore.getState().status === 'signedIn';
}

/** Wipes the session without a server call (error page, a new login over an old session). */
export function clearSession(): void {
  appCore().forcedClear();
  notifyCleared();
}

export async function signOut(): Promise<void> {
  try {
    await appCore().logout();
  } finally {
    notifyCleared();
  }
}

/** The session ended without the user asking (401, forced logout, remote wipe). */
export function onSessionEnded(listener: (reason: SessionEndReason) => void): () => void {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}

export function currentRealtime(): RealtimeClient | null {
  return core?.realtime ?? null;
}

export async function updatePassword(change: { loginName: string; oldPassword: string; newPassword: string; newConfirmPassword: string }) {
  const result = await api().updatePassword(change);
  return result.ok;
}
