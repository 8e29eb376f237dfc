// System lines: a change to a group (created, members added or removed, someone leaving, admins, name, policy,
// self-destruct timer, picture) is written into its conversation as a SYSTEM message, so every member sees it
// in the timeline, live and in the history, and in the room list's preview. The message carries the change as
// structured data (systemEvent) for clients to word in their language, and the same in English as its text.
// A system line is never unread (it has no receipts): it tells of a change, it asks for no answer. A group's
// creation writes none: the new room itself says so (the demo data's history starts with one).
import type { SelfDestructTime, SystemEvent, SystemEventCode } from '../../../generated/types/index.ts';
import type { ServerContext } from '../../context.ts';
import type { Account, Repos } from '../../store/repos/index.ts';
import type { Room } from '../../store/repos/rooms.ts';
import { announceNewMessage } from '../messages/store.ts';
import type { Actor, Outbox } from './context.ts';
import { displayName, wireId } from './wire.ts';

export interface SystemLine {
  code: SystemEventCode;
  /** null: the server made the change (an admin promoted as the last admin left) */
  actor: Actor | null;
  targets?: readonly Pick<Account, 'id' | 'customDisplayName' | 'userFullname'>[];
  roomName?: string;
  selfDestructTime?: SelfDestructTime;
}

export function systemEventOf(line: SystemLine): SystemEvent {
  const event: SystemEvent = { code: line.code };
  if (line.actor) {
    event.actorId = wireId(line.actor.accountId);
    event.actorName = line.actor.name;
  }
  if (line.targets?.length) {
    event.targetIds = line.targets.map((t) => wireId(t.id));
    event.targetNames = line.targets.map(displayName);
  }
  if (line.roomName !== undefined) event.roomName = line.roomName;
  if (line.selfDestructTime) event.selfDestructTime = line.selfDestructTime;
  return event;
}

/** The line in English: the SYSTEM message's text, for clients that do not read systemEvent (and for exports). */
export function englishSystemText(event: SystemEvent): string {
  const actor = event.actorName ?? 'Someone';
  const targets = (event.targetNames ?? []).join(', ');
  const time = event.selfDestructTime;
  switch (event.code) {
    case 'ROOM_CREATED':
      return `${actor} created the group "${event.roomName ?? ''}"`;
    case 'MEMBER_ADDED':
      return `${actor} added ${targets}`;
    case 'MEMBER_REMOVED':
      return `${actor} removed ${targets}`;
    case 'MEMBER_LEFT':
      return `${actor} left`;
    case 'ADMIN_ADDED':
      return event.actorName ? `${actor} made ${targets} an admin` : `${targets} is now an admin`;
    case 'ADMIN_REMOVED':
      return `${actor} removed ${targets} as admin`;
    case 'ROOM_RENAMED':
      return `${actor} renamed the group to "${event.roomName ?? ''}"`;
    case 'POLICY_UPDATED':
      return `${actor} changed the group settings`;
    case 'SELF_DESTRUCT_ON':
      return time ? `${actor} set messages to self-destruct after ${time.value} ${time.unit}${time.value === 1 ? '' : 's'}` : `${actor} turned on self-destruct`;
    case 'SELF_DESTRUCT_OFF':
      return `${actor} turned off self-destruct`;
    case 'ROOM_IMAGE_UPDATED':
      return `${actor} changed the group picture`;
    case 'ROOM_IMAGE_REMOVED':
      return `${actor} removed the group picture`;
  }
}

/**
 * Writes the line into the room inside the caller's transaction and queues its NEW_MESSAGE for after the commit.
 * One-to-one rooms have no group to report on. System lines never self-destruct.
 */
export async function postSystemLine(
  ctx: Pick<ServerContext, 'repos' | 'notifier' | 'now'>,
  r: Repos,
  outbox: Outbox,
  room: Room,
  line: SystemLine,
): Promise<void> {
  if (room.roomType === 'SINGLE') return;
  const event = systemEventOf(line);
  const stored = await r.messages.insertIntoRoom({
    roomId: room.id,
    senderId: null,
    receipts: false,
    messageType: 'SYSTEM',
    aesMessage: englishSystemText(event),
    systemEvent: event,
    createdAt: ctx.now(),
    expiresAt: null,
  });
  outbox.later(() => announceNewMessage(ctx, stored.message, stored));
}
