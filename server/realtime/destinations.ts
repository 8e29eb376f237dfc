/** STOMP destinations of the realtime protocol, built and parsed in one place. */

export type Id = string | number;

export const destinations = {
  /** the user's reply queue, named by the application profile's mqSysName */
  replyQueue: (mqSysName: string, accountId: Id): string => `/queue/${mqSysName}.${accountId}`,
  account: (accountId: Id): string => `/topic/account.${accountId}`,
  room: (roomId: Id): string => `/topic/room.${roomId}`,
  broadcast: (roomId: Id): string => `/topic/broadcast.${roomId}`,
  qrToken: (token: string): string => `/topic/qrtoken.${token}`,
  authenticator: (loginName: string): string => `/topic/authenticator.${loginName}`,
} as const;

export type ParsedDestination =
  | { kind: 'replyQueue'; mqSysName: string; accountId: string }
  | { kind: 'account'; accountId: string }
  | { kind: 'room'; roomId: string }
  | { kind: 'broadcast'; roomId: string }
  | { kind: 'qrToken'; token: string }
  | { kind: 'authenticator'; loginName: string };

// Identifiers may not contain '/', whitespace or control characters; 200 characters is plenty.
const PART = '[^/\\s\\x00-\\x1f]{1,200}';
const PATTERNS: Array<[RegExp, (m: RegExpExecArray) => ParsedDestination]> = [
  // mqSysName may contain dots: the account id is what follows the last one.
  [new RegExp(`^/queue/(${PART})\\.([^./\\s\\x00-\\x1f]{1,200})$`), (m) => ({ kind: 'replyQueue', mqSysName: m[1] ?? '', accountId: m[2] ?? '' })],
  [new RegExp(`^/topic/account\\.(${PART})$`), (m) => ({ kind: 'account', accountId: m[1] ?? '' })],
  [new RegExp(`^/topic/room\\.(${PART})$`), (m) => ({ kind: 'room', roomId: m[1] ?? '' })],
  [new RegExp(`^/topic/broadcast\\.(${PART})$`), (m) => ({ kind: 'broadcast', roomId: m[1] ?? '' })],
  [new RegExp(`^/topic/qrtoken\\.(${PART})$`), (m) => ({ kind: 'qrToken', token: m[1] ?? '' })],
  [new RegExp(`^/topic/authenticator\\.(${PART})$`), (m) => ({ kind: 'authenticator', loginName: m[1] ?? '' })],
];

/** null for anything that is not one of the protocol's destinations. */
export function parseDestination(destination: string): ParsedDestination | null {
  for (const [pattern, build] of PATTERNS) {
    const match = pattern.exec(destination);
    if (match) return build(match);
  }
  return null;
}

/** Destinations the login socket (/v3/wslogin, no api key) may subscribe to. */
export function isLoginSocketDestination(destination: string): boolean {
  const parsed = parseDestination(destination);
  return parsed?.kind === 'qrToken' || parsed?.kind === 'authenticator';
}
