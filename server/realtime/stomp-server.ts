/**
 * STOMP 1.2 over WebSocket at /v3/ws (Api-Key in CONNECT) and /v3/wslogin (no key; QR token and
 * authenticator topics only), attached to an existing http.Server through its `upgrade` event.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Bus } from './broker.ts';
import { StompConnection, type ConnectionConfig } from './connection.ts';
import { DEFAULT_LIMITS, type DecoderLimits } from './frames.ts';
import { onRevocation, type Revocation } from './revocation.ts';
import type { Authenticate, Authorise, AuthoriseLogin, Endpoint, OnClientSend, OnLoginSubscribed, StompSession } from './session.ts';

export interface StompServerOptions {
  httpServer: Server;
  bus: Bus;
  authenticate: Authenticate;
  authorise: Authorise;
  /** default: any QR token or authenticator topic */
  authoriseLogin?: AuthoriseLogin;
  onClientSend?: OnClientSend;
  /** after a login-socket subscription is confirmed (the QR page's first token) */
  onLoginSubscribed?: OnLoginSubscribed;
  /** offered in CONNECTED; default 15000,15000 */
  heartbeat?: { outgoingMs: number; incomingMs: number };
  /** default 3 */
  missedHeartbeats?: number;
  connectTimeoutMs?: number;
  /** default REALTIME_LIMITS.maxSubscriptionsPerConnection */
  maxSubscriptions?: number;
  /** default REALTIME_LIMITS.maxConnectionsPerSession */
  maxConnectionsPerSession?: number;
  /** default REALTIME_LIMITS.maxConnectionsPerAccount */
  maxConnectionsPerAccount?: number;
  maxQueuedFrames?: number;
  maxOutgoingBufferBytes?: number;
  limits?: Partial<DecoderLimits>;
  paths?: { ws?: string; wslogin?: string };
  /** Answer upgrades on other paths with 404 (default). Set false if something else handles them. */
  rejectOtherPaths?: boolean;
  log?: (event: string, detail: Record<string, unknown>) => void;
}

/**
 * Caps against subscription amplification (issue 9, finding 6; docs/server.md "Realtime limits"). A client
 * holds its reply queue, its account topic and the topics of the rooms it shows, on one socket per tab.
 */
export const REALTIME_LIMITS = {
  maxSubscriptionsPerConnection: 100,
  /** per server process; a session is one login of one device, shared by its tabs */
  maxConnectionsPerSession: 8,
  /**
   * per server process, over all the account's sessions: a few devices with a few tabs each, not one socket per
   * login of a script that logs in again and again
   */
  maxConnectionsPerAccount: 32,
} as const;

export type KickTarget = { sessionId: string } | { accountId: string };

export interface StompServer {
  /** Closes the matching sockets with an ERROR frame (forced logout); returns how many. */
  kick(target: KickTarget, message?: string): number;
  /** Sessions currently connected (after CONNECT). */
  sessions(): StompSession[];
  readonly connectionCount: number;
  /** Closes every socket and detaches from the http server. */
  close(): Promise<void>;
}

export function attachStompServer(options: StompServerOptions): StompServer {
  const limits: DecoderLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const connections = new Set<StompConnection>();
  const config: ConnectionConfig = {
    bus: options.bus,
    authenticate: options.authenticate,
    authorise: options.authorise,
    authoriseLogin: options.authoriseLogin ?? (() => true),
    onClientSend: options.onClientSend,
    onLoginSubscribed: options.onLoginSubscribed,
    heartbeat: options.heartbeat ?? { outgoingMs: 15000, incomingMs: 15000 },
    missedHeartbeats: options.missedHeartbeats ?? 3,
    connectTimeoutMs: options.connectTimeoutMs ?? 10_000,
    maxSubscriptions: options.maxSubscriptions ?? REALTIME_LIMITS.maxSubscriptionsPerConnection,
    admit: (session) => {
      const sessionCap = options.maxConnectionsPerSession ?? REALTIME_LIMITS.maxConnectionsPerSession;
      const accountCap = options.maxConnectionsPerAccount ?? REALTIME_LIMITS.maxConnectionsPerAccount;
      let ofSession = 0;
      let ofAccount = 0;
      for (const connection of connections) {
        const user = connection.isConnected ? connection.session.user : null;
        if (user?.accountId !== session.user.accountId) continue;
        ofAccount += 1;
        if (user.sessionId === session.user.sessionId) ofSession += 1;
      }
      if (ofSession >= sessionCap) return `too many connections: at most ${sessionCap} for one session`;
      return ofAccount >= accountCap ? `too many connections: at most ${accountCap} for one account` : null;
    },
    maxQueuedFrames: options.maxQueuedFrames ?? 256,
    maxOutgoingBufferBytes: options.maxOutgoingBufferBytes ?? 4 * 1024 * 1024,
    limits,
    log: options.log ?? (() => undefined),
  };
  const paths: Record<string, Endpoint> = {
    [options.paths?.ws ?? '/v3/ws']: 'ws',
    [options.paths?.wslogin ?? '/v3/wslogin']: 'wslogin',
  };
  const rejectOtherPaths = options.rejectOtherPaths ?? true;

  const wss = new WebSocketServer({
    noServer: true,
    // One WebSocket message never needs to exceed one maximal frame.
    maxPayload: limits.maxHeaderBytes + limits.maxBodyBytes + 64,
    // @stomp/stompjs offers v10/v11/v12.stomp; a ws client refuses a reply without one it offered.
    handleProtocols: (protocols) => (protocols.has('v12.stomp') ? 'v12.stomp' : false),
  });

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    // The request target as sent, without its query: `new URL()` throws on some (`//`), and a throw in an
    // 'upgrade' listener would end the process.
    const pathname = (request.url ?? '/').split('?')[0] ?? '/';
    const endpoint = Object.hasOwn(paths, pathname) ? paths[pathname] : undefined;
    if (!endpoint) {
      if (rejectOtherPaths) {
        socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      }
      return;
    }
    // Only while the handshake runs: afterwards the WebSocket owns the socket and reports its errors (a peer that
    // resets a live connection is a 'socket-error' of that connection, not a failed upgrade).
    const onHandshakeError = (error: Error) => config.log('upgrade-socket-error', { error: String(error) });
    socket.on('error', onHandshakeError);
    wss.handleUpgrade(request, socket, head, (ws: WebSocket) => {
      socket.off('error', onHandshakeError);
      const connection = new StompConnection(ws, endpoint, config, (closed) => connections.delete(closed), socket);
      connections.add(connection);
    });
  };
  options.httpServer.on('upgrade', onUpgrade);

  /** Every process applies every revocation to the connections it serves. */
  const apply = (revocation: Revocation): void => {
    for (const connection of connections) {
      const user = connection.session.user;
      if (!user) continue;
      switch (revocation.kind) {
        case 'room-member':
          if (user.accountId === revocation.accountId) connection.revokeRoom(revocation.roomId);
          break;
        case 'room-member-restored':
          if (user.accountId === revocation.accountId) connection.restoreRoom(revocation.roomId);
          break;
        case 'room':
          connection.revokeRoom(revocation.roomId);
          break;
        case 'session':
          if (user.sessionId === revocation.sessionId) connection.kick(revocation.message);
          break;
        case 'account':
          if (user.accountId === revocation.accountId) connection.kick(revocation.message);
          break;
      }
    }
  };
  const stopRevocations = onRevocation(options.bus, apply);

  return {
    kick(target, message = 'Session ended by the server') {
      let count = 0;
      for (const connection of connections) {
        const user = connection.session.user;
        if (!user) continue;
        const matches = 'sessionId' in target ? user.sessionId === target.sessionId : user.accountId === target.accountId;
        if (matches) {
          connection.kick(message);
          count += 1;
        }
      }
      return count;
    },
    sessions() {
      return [...connections].filter((c) => c.isConnected).map((c) => c.session);
    },
    get connectionCount() {
      return connections.size;
    },
    async close() {
      stopRevocations();
      options.httpServer.off('upgrade', onUpgrade);
      const all = [...connections];
      for (const connection of all) connection.shutdown();
      await Promise.all(all.map((c) => c.closed));
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
