// The client core assembled: API client over the transport, message keys, query cache, the socket a login
// opens, and the session kept across reloads and tabs (vault) with the other tabs told of each start and end
// (channel). The app creates one at start-up and hands it down (React context); nothing here needs React.
import type { QueryClient } from '@tanstack/react-query';
import { config } from '@variant/config';
import { createClient, type CoreApi } from './api.ts';
import { CONNECT_PROOF_TARGET, deviceProof } from './crypto/device-proof.ts';
import { AesKeyService } from './keys/aes-key-service.ts';
import { createQueryClient } from './query/query-client.ts';
import { browserSignals, watchConnectivity, type ConnectivitySignals } from './realtime/connectivity.ts';
import { RealtimeClient, webSocketBase, type WebSocketFactory } from './realtime/realtime-client.ts';
import { LoginPreparation } from './session/login-preparation.ts';
import { forcedClear, logout, performLogin, resumeSession, storableSession, type LoginCredentials, type LoginResult, type ResumeResult } from './session/login-flow.ts';
import { browserSessionChannel, type SessionChannel, type SessionEndCause, type SessionSignal } from './session/session-channel.ts';
import { sessionEndFor, sessionEndFromRefusal } from './session/session-end.ts';
import { sessionTransportSource, useSessionStore } from './session/session-store.ts';
import { browserSessionVault, type SessionVault } from './session/session-vault.ts';
import { resyncQueries } from './query/resync.ts';
import type { HttpTransport } from './transport/http-transport.ts';

/** Why a session ended without this tab's user asking: `loggedOut` is a logout in another tab. */
export type SessionEndReason = SessionEndCause;

/** A stored session resumed, or why not (`none`: nothing stored). */
export type CoreResumeResult = ResumeResult<RealtimeClient> | { kind: 'none' };

export interface CoreOptions {
  /** Server origin; defaults to the variant's (''/absent = the page's own origin). */
  host?: string;
  fetch?: typeof fetch;
  webSocketFactory?: WebSocketFactory;
  /**
   * The session ended without this tab's user asking (401, FORCE_LOGOUT, REMOTE_WIPE, a logout in another tab):
   * it is already cleared here, in the vault and in the other tabs.
   */
  onSessionEnded?: (reason: SessionEndReason) => void;
  /** Another tab signed in and this one followed it (resumed the stored session). */
  onSessionStarted?: () => void;
  /** Where the session survives a reload (default: IndexedDB in a browser; none in Node). */
  vault?: SessionVault | null;
  /** How the other tabs hear of it (default: a BroadcastChannel in a browser; none in Node). */
  channel?: SessionChannel | null;
  /** Where `online` and `visibilitychange` come from (default: the page's window and document; none in Node). */
  connectivity?: ConnectivitySignals | null;
}

export interface Core {
  /** The calls the core makes, bound to the transport; features call the generated functions with `transport`. */
  api: CoreApi;
  transport: HttpTransport;
  keys: AesKeyService;
  queryClient: QueryClient;
  /** The socket of the current session, null when signed out. */
  readonly realtime: RealtimeClient | null;
  /** The seed's login (password, or a token: QR, SSO, hosts); a success is stored in the vault and the other tabs follow. */
  login(credentials: LoginCredentials): Promise<LoginResult<RealtimeClient>>;
  /**
   * What a login needs before its call, asked while the user types (the login page: the public profile, a device key
   * pair, and with a name its user key); the next login takes them.
   */
  prepareLogin(loginName?: string): void;
  /** Resumes the stored session (reload, new tab) without a login call; an expired one is removed everywhere. */
  resume(): Promise<CoreResumeResult>;
  /** Tells the server, clears this tab, the vault and every other tab. */
  logout(): Promise<void>;
  /** Clears this tab, the vault and every other tab without a server call. */
  forcedClear(): void;
  /**
   * Tries the socket again now (the Reconnect button; also run on `online` and when the tab is shown): false when
   * there is nothing to retry. The session is checked at the same time, so one that expired during an outage ends.
   */
  reconnect(): boolean;
}

export function createCore(options: CoreOptions = {}): Core {
  const host = options.host ?? config.server?.host ?? '';
  let realtime: RealtimeClient | null = null;
  let stopWatching: (() => void) | null = null;
  const signals = options.connectivity === undefined ? browserSignals() : options.connectivity;

  const onClear = () => {
    stopWatching?.();
    stopWatching = null;
    keys.clear();
    queryClient.clear();
    realtime = null;
  };
  const vault = options.vault === undefined ? browserSessionVault() : options.vault;
  const channel = options.channel === undefined ? browserSessionChannel() : options.channel;
  const clearHere = () => forcedClear({ realtime, onClear });
  /** This tab, the vault and the other tabs; `cause` is what the other tabs are told. */
  const clearEverywhere = (cause: SessionEndCause) => {
    const { sessionId } = useSessionStore.getState();
    clearHere();
    if (!sessionId) return;
    void vault?.clearEnded(sessionId, cause).catch(() => undefined);
    channel?.post({ kind: 'signedOut', sessionId, cause });
  };
  const isActive = () => {
    const { status } = useSessionStore.getState();
    return status === 'signedIn' || status === 'resuming';
  };
  const endSession = async (reason: SessionEndReason) => {
    const { sessionId } = useSessionStore.getState();
    if (!isActive() || !sessionId) return;
    // The server refusing the session may be its end of a logout in another tab, which noted it in the vault before
    // it asked the server: the refusal then reads as that logout, also while the tab's message is still on its way.
    const noted = reason === 'expired' ? await vault?.endedAs(sessionId).catch(() => null) : null;
    const still = useSessionStore.getState();
    if (!isActive() || still.sessionId !== sessionId) return; // the other tab's message came meanwhile
    if (noted) {
      clearHere(); // the tab that ended it has told the others and cleared the vault
      options.onSessionEnded?.(noted);
      return;
    }
    clearEverywhere(reason);
    options.onSessionEnded?.(reason);
  };

  const { api, transport } = createClient({
    host,
    session: sessionTransportSource,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    onUnauthorized: (endpoint, endedAs) => {
      if (endpoint.access === 'secured') void endSession(sessionEndFromRefusal(endedAs) ?? 'expired');
    },
  });
  const keys = new AesKeyService(api);
  const queryClient = createQueryClient();
  const preparation = new LoginPreparation({ getUserPubKey: (body) => api.getUserPubKey(body), preloadProfile: () => transport.preloadProfile() });

  const createRealtime = (params: { apiKey: string; mqSysName: string; accountId: string; accountName: string }) => {
    realtime?.close();
    const client = new RealtimeClient({
      ...params,
      connectProof: () => {
        const signingKey = useSessionStore.getState().deviceKeys?.signingKey;
        return signingKey ? deviceProof(signingKey, { ...CONNECT_PROOF_TARGET, body: '' }) : Promise.resolve(null);
      },
      wsBase: webSocketBase(host),
      ...(options.webSocketFactory ? { webSocketFactory: options.webSocketFactory } : {}),
    });
    client.on('notification', (n) => {
      if (n.notifyType !== 'FORCE_LOGOUT' && n.notifyType !== 'REMOTE_WIPE') return;
      const { apiKey, deviceId } = useSessionStore.getState();
      void sessionEndFor(n, { apiKey, deviceId }).then((reason) => {
        // Still the session the notification was about (not one signed in since).
        if (reason && useSessionStore.getState().apiKey === apiKey) void endSession(reason);
      });
    });
    // A reconnect means the server is back: what changed unseen, and what failed to load while it was not (a chat
    // opened during the outage, its retries used up), is asked again, or it would stay so until a reload.
    client.on('resynced', () => void resyncQueries(queryClient));
    realtime = client;
    stopWatching?.();
    stopWatching = signals ? watchConnectivity(signals, () => reconnect()) : null;
    return client;
  };

  const reconnect = (): boolean => {
    if (!realtime?.reconnect()) return false;
    void api.checkSession({}); // a 401 ends the session through onUnauthorized
    return true;
  };

  const save = async () => {
    const stored = storableSession(useSessionStore.getState());
    if (!stored) return;
    try {
      await vault?.save(stored);
    } catch (error) {
      console.error('the session could not be stored: it lasts until this page closes', error);
    }
    channel?.post({ kind: 'signedIn', sessionId: stored.sessionId });
  };

  const login: Core['login'] = async (credentials) => {
    const result = await performLogin(credentials, {
      api,
      transport,
      createRealtime,
      generateKeyPair: () => preparation.takeKeys(),
      userKey: (loginName) => preparation.takeUserKey(loginName),
    });
    if (result.kind === 'signedIn') await save();
    return result;
  };

  let resuming: Promise<CoreResumeResult> | null = null;
  const resume = (): Promise<CoreResumeResult> => {
    resuming ??= (async (): Promise<CoreResumeResult> => {
      let stored;
      try {
        stored = await vault?.load();
      } catch (error) {
        console.error('the stored session could not be read', error);
      }
      if (!stored) return { kind: 'none' };
      const result = await resumeSession(stored, { api, transport, createRealtime });
      if (result.kind === 'expired' || result.kind === 'refused') {
        onClear();
        // Only the session that failed: a login in another tab may have replaced it meanwhile.
        const current = await vault?.load().catch(() => null);
        if (current?.sessionId === stored.sessionId) await vault?.clear().catch(() => undefined);
        if (result.kind === 'expired') channel?.post({ kind: 'signedOut', sessionId: stored.sessionId, cause: 'expired' });
      }
      return result;
    })().finally(() => {
      resuming = null;
    });
    return resuming;
  };

  // The other tabs: follow their logins and the end of the session this tab shares with them.
  channel?.listen((signal: SessionSignal) => {
    const { status, sessionId } = useSessionStore.getState();
    if (signal.kind === 'signedOut') {
      if (signal.sessionId !== sessionId || status === 'signedOut') return;
      clearHere(); // the vault is already cleared by the tab that ended it (and may hold a newer login)
      options.onSessionEnded?.(signal.cause);
      return;
    }
    if (signal.sessionId === sessionId || status === 'signingIn') return;
    if (status !== 'signedOut') {
      // Another login replaced this tab's session in the vault: this one ends here, then the new one is taken up.
      clearHere();
      options.onSessionEnded?.('loggedOut');
    }
    void resume().then((result) => {
      if (result.kind === 'resumed') options.onSessionStarted?.();
    });
  });

  return {
    api,
    transport,
    keys,
    queryClient,
    get realtime() {
      return realtime;
    },
    login,
    prepareLogin: (loginName) => preparation.prepare(loginName),
    resume,
    logout: async () => {
      const { sessionId } = useSessionStore.getState();
      // The other tabs hear of the logout before the server ends the session: what they hear from the server then
      // (a call refused, the socket closed) is this logout, not an expiry. The vault's note is written (awaited)
      // before the call, so a tab refused afterwards finds it even if the channel's message is slower.
      if (sessionId) {
        await vault?.clearEnded(sessionId, 'loggedOut').catch(() => undefined);
        channel?.post({ kind: 'signedOut', sessionId, cause: 'loggedOut' });
      }
      await logout({ api, realtime, onClear });
    },
    forcedClear: () => clearEverywhere('loggedOut'),
    reconnect,
  };
}
