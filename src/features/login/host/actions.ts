// The `{action, data}` messages between the client and its host (docs/embedding.md).
export const HOST_ACTIONS = {
  /** host → client: log in with this token (loginName, token, systemId, roomId, type) */
  authenticate: 'authenticate',
  /** client → host: 'Request Login' asks for a fresh token (the host answers with authenticate) */
  refreshToken: 'refreshToken',
  /** client → host (embedded app): started and listening; the host may send authenticate now */
  ready: 'ready',
  /** client → host (embedded app): signed in, data {loginName} */
  signedIn: 'signedIn',
  /** client → host (embedded app): a login was refused or the server was unreachable, data {reason} */
  loginFail: 'loginFail',
  /** client → host (embedded app): the session ended, data {reason} (loggedOut, expired, forcedLogout, remoteWipe) */
  signedOut: 'signedOut',
} as const;
