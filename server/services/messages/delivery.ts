// Delivery state of messages: received, notified and read marks by recipients, the message statuses
// ALL_RECEIVED and ALL_READ that follow, the notifications to the senders, and the reader's own sessions' counts.
// Read privacy: a reader whose readReceipt is NO is never reported as having read (no MESSAGE_READ, not
// shown as read in message info) and a message one of them received never becomes ALL_READ.
import type { ServerContext } from '../../context.ts';
import type { MessageStatus } from '../../store/repos/index.ts';
import { notificationOf } from '../notifier.ts';

type Ctx = Pick<ServerContext, 'repos' | 'notifier' | 'now'>;

function groupBySender(entries: readonly { senderId: number | null; id: number }[]): Map<number, number[]> {
  const bySender = new Map<number, number[]>();
  for (const { senderId, id } of entries) {
    if (senderId === null) continue;
    bySender.set(senderId, [...(bySender.get(senderId) ?? []), id]);
  }
  return bySender;
}

async function notifySenders(
  ctx: Ctx,
  roomId: number,
  actorId: number,
  notifyType: 'MESSAGE_ALL_RECEIVED' | 'MESSAGE_ALL_READ' | 'MESSAGE_READ',
  entries: readonly { senderId: number | null; id: number }[],
  extra: Record<string, unknown> = {},
): Promise<void> {
  for (const [senderId, ids] of groupBySender(entries)) {
    await ctx.notifier.toAccounts(
      [senderId],
      notificationOf(notifyType, { senderId: String(actorId), dataId: String(ids[0]), roomId: String(roomId), data: { messageIds: ids.map(String), ...extra } }),
    );
  }
}

/**
 * Moves statuses forward after marks on `messageIds` and tells the senders: two statements whatever the
 * number of messages (their delivery, then the changed statuses).
 */
export async function settleStatuses(ctx: Ctx, roomId: number, actorId: number, messageIds: readonly number[]): Promise<void> {
  const allReceived: { senderId: number | null; id: number }[] = [];
  const allRead: { senderId: number | null; id: number }[] = [];
  const changes: { id: number; status: MessageStatus }[] = [];
  for (const delivery of await ctx.repos.receipts.deliveryOf(messageIds)) {
    const { messageId: id, senderId, total } = delivery;
    if (delivery.status === 'ALL_DELETED' || delivery.status === 'ALL_READ' || total === 0) continue;
    let status = delivery.status as MessageStatus;
    if (delivery.received === total && status === 'SERVER_RECEIVED') {
      status = 'ALL_RECEIVED';
      allReceived.push({ senderId, id });
    }
    if (delivery.read === total && !delivery.privateReader) {
      status = 'ALL_READ';
      allRead.push({ senderId, id });
    }
    if (status !== delivery.status) changes.push({ id, status });
  }
  await ctx.repos.messages.setStatuses(changes);
  await notifySenders(ctx, roomId, actorId, 'MESSAGE_ALL_RECEIVED', allReceived);
  await notifySenders(ctx, roomId, actorId, 'MESSAGE_ALL_READ', allRead);
}

/** receiveaesmessages and friends: the caller now holds these messages. */
export async function markReceived(ctx: Ctx, accountId: number, roomId: number, messageIds: readonly number[]): Promise<number[]> {
  const changed = await ctx.repos.receipts.markReceived(accountId, messageIds, ctx.now());
  if (changed.length > 0) await settleStatuses(ctx, roomId, accountId, changed);
  return changed;
}

/** marknotifiedaesmessages: the caller's device showed the new-message notification. */
export async function markNotified(ctx: Ctx, accountId: number, roomId: number, messageIds: readonly number[]): Promise<number[]> {
  const changed = await ctx.repos.receipts.markNotified(accountId, roomId, messageIds, ctx.now());
  if (changed.length > 0) await settleStatuses(ctx, roomId, accountId, changed);
  return changed;
}

/** markreadaesmessages: read marks, MESSAGE_READ to the senders unless the reader keeps reads private. */
export async function markRead(ctx: Ctx, accountId: number, roomId: number, messageIds: readonly number[]): Promise<number[]> {
  const changed = await ctx.repos.receipts.markRead(accountId, roomId, messageIds, ctx.now());
  if (changed.length === 0) return changed;
  await ctx.repos.members.markReadUpTo(roomId, accountId, Math.max(...changed));
  const reader = await ctx.repos.accounts.findById(accountId);
  if (reader?.privacy.readReceipt !== 'NO') {
    const messages = await ctx.repos.messages.findInRoom(roomId, changed);
    await notifySenders(
      ctx,
      roomId,
      accountId,
      'MESSAGE_READ',
      messages.map((m) => ({ senderId: m.senderId, id: m.id })),
      { accountId: String(accountId) },
    );
  }
  await settleStatuses(ctx, roomId, accountId, changed);
  await tellReaderSessions(ctx, accountId, roomId, Math.max(...changed));
  return changed;
}

/**
 * ROOM_READ to every session of the reader (the account topic): the room's counts and the totals after the marks,
 * so a second tab or device lowers its badges without asking. One count over the reader's unread receipts.
 */
async function tellReaderSessions(ctx: Ctx, accountId: number, roomId: number, newestRead: number): Promise<void> {
  const perRoom = await ctx.repos.receipts.unreadByRoom(accountId);
  const room = perRoom.find((r) => r.roomId === roomId);
  await ctx.notifier.toAccountTopics([accountId], {
    notifyType: 'ROOM_READ',
    senderId: String(accountId),
    dataId: String(newestRead),
    roomId: String(roomId),
    data: {
      noOfUnreadMessage: room?.unread ?? 0,
      noOfMentionedMessage: room?.mentioned ?? 0,
      totalUnreadMsgCount: perRoom.reduce((sum, r) => sum + r.unread, 0),
      totalUnreadRoomCount: perRoom.length,
    },
  });
}
