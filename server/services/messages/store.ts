// Writing a message into a room (send and forward share it) and announcing it to the room.
import type { ServerContext } from '../../context.ts';
import { ApiError } from '../../http/api-error.ts';
import type { Queryable } from '../../store/db.ts';
import { repos, type MessageView, type PushAccount, type NewMessage, type Room, type StoredMessage } from '../../store/repos/index.ts';
import { dndActiveOn } from '../directory/dnd.ts';
import type { NewMessageNotification } from '../../../generated/realtime/index.ts';
import { presentAll } from './wire.ts';

type Ctx = Pick<ServerContext, 'repos' | 'notifier' | 'now'>;

export type MessageContent = Omit<NewMessage, 'roomId' | 'senderId' | 'createdAt' | 'expiresAt' | 'status'>;

/** A live room; deleted rooms are gone for messaging. */
export async function requireRoom(ctx: Pick<ServerContext, 'repos'>, roomId: number): Promise<Room> {
  return liveRoom(await ctx.repos.rooms.findById(roomId));
}

export function liveRoom(room: Room | null): Room {
  if (!room || room.deletedAt) throw new ApiError('NOT_ROOM_MEMBER');
  return room;
}

/**
 * Inserts the message with a receipt row per recipient (every other member), sets its self-destruct
 * time when the room has one, reopens the room for members who hid or closed it, and moves the room up
 * the room lists. Runs inside the caller's transaction.
 */
export async function storeMessage(ctx: Ctx, tx: Queryable, room: Room, senderId: number, content: MessageContent): Promise<StoredMessage> {
  return (await storeRoomMessage(ctx, tx, room, senderId, content)).message;
}

/** What storing a message learnt on the way, so the caller need not read it again. */
export interface StoredRoomMessage {
  message: StoredMessage;
  /** the room's members when the message was stored, sender included */
  memberIds: number[];
  /** the room's lastUpdateTime after the message */
  lastUpdateAt: Date;
  /** what the pushes need of the members (accounts.listForPush), read with the message */
  pushAccounts: PushAccount[];
  /** the room's message before it (not expired), or null for the room's first */
  previousMessageId: number | null;
}

/** storeMessage, answering the members it stored receipts for and the room's new lastUpdateTime too. */
export async function storeRoomMessage(ctx: Ctx, tx: Queryable, room: Room, senderId: number, content: MessageContent): Promise<StoredRoomMessage> {
  const now = ctx.now();
  const expiresAt =
    room.selfDestructEnabled && room.selfDestructSeconds ? new Date(now.getTime() + room.selfDestructSeconds * 1000) : null;
  return repos(tx).messages.insertIntoRoom({ ...content, roomId: room.id, senderId, createdAt: now, expiresAt });
}

export const neutralView = (message: StoredMessage, totalReceiver: number): MessageView => ({
  message,
  viewer: null,
  isStarredByViewer: false,
  totalReceiver,
});

/**
 * NEW_MESSAGE to every member's reply queue (`known.memberIds`: the members read when the message was stored) and to
 * the room topic, with the viewer-neutral message and the id of the room's message before it (clients find a missed
 * message by it); members whose Do Not Disturb is on get theirs marked silent. `known` holds what the caller read
 * with the message already (storeRoomMessage): the members, accounts.listForPush of them (the sender's name, Do Not
 * Disturb) and the previous message's id.
 */
export async function announceNewMessage(
  ctx: Ctx,
  message: StoredMessage,
  known: Partial<Pick<StoredRoomMessage, 'memberIds' | 'pushAccounts' | 'previousMessageId'>> = {},
): Promise<void> {
  const members = known.memberIds ? [...known.memberIds] : await ctx.repos.members.activeAccountIds(message.roomId);
  const memberAccounts = known.pushAccounts ?? (await ctx.repos.accounts.listForPush(members, message.senderId === null ? [] : [message.senderId]));
  const previousMessageId = known.previousMessageId !== undefined ? known.previousMessageId : await ctx.repos.messages.previousId(message.roomId, message.id, ctx.now());
  const recipients = members.filter((id) => id !== message.senderId).length;
  const [wire] = await presentAll(ctx, null, [neutralView(message, recipients)], memberAccounts);
  if (!wire) return;
  const now = ctx.now();
  const quiet = new Set(memberAccounts.filter((a) => a.id !== message.senderId && dndActiveOn(a, now)).map((a) => a.id));
  const notification: NewMessageNotification = {
    notifyType: 'NEW_MESSAGE',
    senderId: String(message.senderId ?? 'SYSTEM'),
    dataId: String(message.id),
    roomId: String(message.roomId),
    data: wire,
    ...(previousMessageId !== null ? { previousMessageId: String(previousMessageId) } : {}),
  };
  await ctx.notifier.toRoom(message.roomId, members.filter((id) => !quiet.has(id)), notification);
  if (quiet.size > 0) await ctx.notifier.toAccounts([...quiet], { ...notification, silent: true });
}

/** The messages of a room the viewer can see, by id; any id missing or hidden from the viewer fails. */
export async function requireVisible(
  ctx: Pick<ServerContext, 'repos' | 'now'>,
  roomId: number,
  viewerId: number,
  ids: readonly number[],
): Promise<MessageView[]> {
  const unique = [...new Set(ids)];
  const batch = await ctx.repos.messages.batch({
    roomId,
    lastMessageId: null,
    batchSize: unique.length,
    upOrDown: 'DOWN',
    viewerId,
    now: ctx.now(),
    ids: unique,
  });
  if (batch.messages.length !== unique.length) throw new ApiError('MESSAGE_NOT_FOUND');
  return batch.messages;
}
