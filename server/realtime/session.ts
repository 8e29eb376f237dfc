/** Who is on the other end of a STOMP connection, and the hooks through which the server decides. */

export type Endpoint = 'ws' | 'wslogin';

/** What `authenticate(apiKey)` returns for a valid key. */
export interface AuthenticatedUser {
  accountId: string;
  loginName: string;
  /** the login session the api key belongs to (several sockets may share it) */
  sessionId: string;
  /** SHA-256 of the api key the socket connected with (FORCE_LOGOUT's keepApiKeyHash names the session that stays) */
  apiKeyHash?: string;
}

export interface StompSession {
  /** 32 hex characters, sent to the client as the CONNECTED `session` header */
  connectionId: string;
  endpoint: Endpoint;
  /** null on the login socket, which needs no api key */
  user: AuthenticatedUser | null;
}

export type AuthenticatedSession = StompSession & { user: AuthenticatedUser };

/** Resolves a CONNECT's Api-Key; the frame's other headers carry what else the server checks (a device proof). */
export type Authenticate = (
  apiKey: string,
  connectHeaders: Readonly<Record<string, string>>,
) => AuthenticatedUser | null | Promise<AuthenticatedUser | null>;
export type Authorise = (session: AuthenticatedSession, destination: string) => boolean | Promise<boolean>;
/**
 * The login socket's rule beyond the destination kinds it allows (QR token and authenticator topics): e.g. a QR
 * token topic only for the connection the token is bound to.
 */
export type AuthoriseLogin = (session: StompSession, destination: string) => boolean | Promise<boolean>;
/**
 * A client SEND (typing/online/offline topic messages, health-check echo, log-out-other-sessions).
 * The hook decides what, if anything, to publish; returning false (or throwing) refuses the frame.
 */
export type OnClientSend = (
  session: AuthenticatedSession,
  destination: string,
  body: string,
  headers: Readonly<Record<string, string>>,
  connection: SendingConnection,
) => boolean | void | Promise<boolean | void>;

/** What the sending connection already proved. */
export interface SendingConnection {
  /**
   * Whether it holds a live subscription to `destination`: authorised at SUBSCRIBE and ended at once by a
   * revocation (removal, leave, room delete), so it stands for membership without a query per frame.
   */
  subscribedTo(destination: string): boolean;
}

/**
 * After the login socket's SUBSCRIBE is confirmed (RECEIPT sent, the bus bound): e.g. the first QR token of a QR
 * token topic, published to the page that now listens. `headers` are the SUBSCRIBE frame's (the QR `count`).
 */
export type OnLoginSubscribed = (
  session: StompSession,
  destination: string,
  headers: Readonly<Record<string, string>>,
) => void | Promise<void>;
