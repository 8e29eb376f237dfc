// The client core assembled: API client over the transport, message keys, query cache, and the socket a login
// opens. The app creates one at start-up and hands it down (React context); nothing here needs React.
import type { ApiClient } from '@generated/api/client';
import type { QueryClient } from '@tanstack/react-query';
import { config } from '@variant/config';
import { createClient } from './api.ts';
import { AesKeyService } from './keys/aes-key-service.ts';
import { createQueryClient } from './query/query-client.ts';
import { browserSignals, watchConnectivity, type ConnectivitySignals } from './realtime/connectivity.ts';
import { RealtimeClient, webSocketBase, type WebSocketFactory } from './realtime/realtime-client.ts';
import { forcedClear, logout, performLogin, type LoginResult } from './session/login-flow.ts';
import { sessionTransportSource, useSessionStore } from './session/session-store.ts';
import type { HttpTransport } from './transport/http-transport.ts';

export type SessionEndReason = 'expired' | 'forcedLogout' | 'remoteWipe';

export interface CoreOptions {
  /** Server origin; defaults to the variant's (''/absent = the page's own origin). */
  host?: string;
  fetch?: typeof fetch;
  webSocketFactory?: WebSocketFactory;
  /** The session ended without the user asking (401, FORCE_LOGOUT, REMOTE_WIPE): it is already cleared. */
  onSessionEnded?: (reason: SessionEndReason) => void;
  /** Where `online` and `visibilitychange` come from (default: the page's window and document; none in Node). */
  connectivity?: ConnectivitySignals | null;
}

export interface Core {
  api: ApiClient;
  transport: HttpTransport;
  keys: AesKeyService;
  queryClient: QueryClient;
  /** The socket of the current session, null when signed out. */
  readonly realtime: RealtimeClient | null;
  login(credentials: { loginName: string; password: string }): Promise<LoginResult<RealtimeClient>>;
  logout(): Promise<void>;
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
  const clear = () => forcedClear({ realtime, onClear });
  const endSession = (reason: SessionEndReason) => {
    if (useSessionStore.getState().status !== 'signedIn') return;
    clear();
    options.onSessionEnded?.(reason);
  };

  const { api, transport } = createClient({
    host,
    session: sessionTransportSource,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    onUnauthorized: (endpoint) => {
      if (endpoint.access === 'secured') endSession('expired');
    },
  });
  const keys = new AesKeyService(api);
  const queryClient = createQueryClient();

  const createRealtime = (params: { apiKey: string; mqSysName: string; accountId: string; accountName: string }) => {
    realtime?.close();
    const client = new RealtimeClient({
      ...params,
      wsBase: webSocketBase(host),
      ...(options.webSocketFactory ? { webSocketFactory: options.webSocketFactory } : {}),
    });
    client.on('notification', (n) => {
      if (n.notifyType === 'FORCE_LOGOUT') endSession('forcedLogout');
      else if (n.notifyType === 'REMOTE_WIPE') endSession('remoteWipe');
    });
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

  return {
    api,
    transport,
    keys,
    queryClient,
    get realtime() {
      return realtime;
    },
    login: (credentials) => performLogin(credentials, { api, transport, createRealtime }),
    logout: () => logout({ api, realtime, onClear }),
    forcedClear: clear,
    reconnect,
  };
}
