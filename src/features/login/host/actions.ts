// The `{action, data}` messages between the client and its host (docs/embedding.md).
export const HOST_ACTIONS = {
  /** host → client: log in with this token (loginName, token, systemId, roomId, type) */
  authenticate: 'authenticate',
  /** client → host: 'Request Login' asks for a fresh token (the host answers with authenticate) */
  refreshToken: 'refreshToken',
} as const;
