/**
 * Revocations: what a connection may no longer hold, announced on the bus so that every server process closes
 * what it serves (issue 9, finding 1; with a cross-process bus, issue 11). The destination is internal: no
 * client may subscribe to it (connection.ts refuses every SUBSCRIBE under INTERNAL_DESTINATION_PREFIX).
 */
import { INTERNAL_DESTINATION_PREFIX, type Bus, type Unsubscribe } from './broker.ts';

export const REVOCATION_DESTINATION = `${INTERNAL_DESTINATION_PREFIX}revocations`;

export type Revocation =
  /** removal or leave: the account's subscriptions to the room's topics end */
  | { kind: 'room-member'; roomId: string; accountId: string }
  /** the account is a member again: its connections hear the room again */
  | { kind: 'room-member-restored'; roomId: string; accountId: string }
  /** room deleted: nobody keeps its topics */
  | { kind: 'room'; roomId: string }
  /** forced logout, remote wipe, password change: the session's sockets close */
  | { kind: 'session'; sessionId: string; message: string }
  /** account disabled: every socket of the account closes */
  | { kind: 'account'; accountId: string; message: string };

export function publishRevocation(bus: Bus, revocation: Revocation): Promise<void> {
  return bus.publish(REVOCATION_DESTINATION, JSON.stringify(revocation), { 'content-type': 'application/json' });
}

const KINDS = new Set(['room-member', 'room-member-restored', 'room', 'session', 'account']);

function parseRevocation(body: string): Revocation | null {
  try {
    const value = JSON.parse(body) as { kind?: unknown };
    return typeof value === 'object' && value !== null && typeof value.kind === 'string' && KINDS.has(value.kind) ? (value as Revocation) : null;
  } catch {
    return null;
  }
}

export function onRevocation(bus: Bus, handler: (revocation: Revocation) => void): Unsubscribe {
  return bus.subscribe(REVOCATION_DESTINATION, (message) => {
    const revocation = parseRevocation(message.body);
    if (revocation) handler(revocation);
  });
}
