import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db.ts';
import { openTestDatabase } from '../testing.ts';
import { repos, type Repos } from './index.ts';

let db: Database;
let r: Repos;
let alice: number;
let bob: number;
let carl: number;

beforeAll(async () => {
  db = await openTestDatabase();
  r = repos(db);
  const tenant = await r.tenants.create({ shortName: 'M', fullname: 'Messages' });
  [alice, bob, carl] = await Promise.all(
    ['alice', 'bob', 'carl'].map(async (n) => (await r.accounts.create({ tenantId: tenant.id, loginName: n, userFullname: n })).id),
  ) as [number, number, number];
});
afterAll(() => db.close());

/** A room of alice, bob and carl with `count` text messages from alice, each delivered to bob and carl. */
async function roomWithMessages(count: number): Promise<{ roomId: number; messageIds: number[] }> {
  const room = await r.rooms.create({ roomType: 'MULTIPLE', roomName: 'Chat' });
  await r.members.add(room.id, [alice, bob, carl]);
  const key = await r.keys.setRoomKey(room.id, { messageKeyUuid: `key-${room.id}`, aesKey: 'k', algorithm: 'GCM' });
  const messageIds: number[] = [];
  for (let i = 1; i <= count; i++) {
    const m = await r.messages.insert({ roomId: room.id, senderId: alice, messageType: 'TEXT', messageKeyUuid: key.messageKeyUuid, aesMessage: `c${i}` });
    await r.receipts.createForRecipients(m.id, room.id, [bob, carl]);
    messageIds.push(m.id);
  }
  return { roomId: room.id, messageIds };
}

const texts = (batch: { messages: { message: { aesMessage: string | null } }[] }) => batch.messages.map((v) => v.message.aesMessage);

describe('messages', () => {
  it('stores every field of a message as sent', async () => {
    const { roomId } = await roomWithMessages(1);
    const reply = await r.messages.insert({ roomId, senderId: alice, messageType: 'TEXT', aesMessage: 'first' });
    const m = await r.messages.insert({
      roomId,
      senderId: bob,
      messageType: 'FILE',
      messageKeyUuid: `key-${roomId}`,
      aesMessageFilename: 'report.pdf',
      aesMessageFileOpenExt: 'pdf',
      aesMessageFileType: 'application/pdf',
      filesize: 12345,
      aesMessageFileMetadata: 'meta-cipher',
      checksum: 'abc',
      mentionAccountIds: [alice, carl],
      replyToMessageId: reply.id,
      isForwarded: true,
      polling: { topic: 'Lunch?', options: [{ id: 1, text: 'Yes' }] },
      hints: { silent: true },
      langId: 'en_US',
    });
    expect(await r.messages.findById(m.id)).toMatchObject({
      roomId, senderId: bob, messageType: 'FILE', status: 'SERVER_RECEIVED', aesMessage: null, aesMessageFilename: 'report.pdf',
      filesize: 12345, mentionAccountIds: [alice, carl], replyToMessageId: reply.id, isForwarded: true,
      polling: { topic: 'Lunch?', options: [{ id: 1, text: 'Yes' }] }, hints: { silent: true }, recalledAt: null, expiresAt: null,
    });
    expect((await r.messages.findInRoom(roomId, [m.id, reply.id, 999999])).map((x) => x.id)).toEqual([reply.id, m.id]);
    expect(await r.messages.findInRoom(roomId + 1000, [m.id])).toEqual([]);
  });

  it('pages up from the newest and down from a lastMessageId, with stillHaveData', async () => {
    const { roomId, messageIds } = await roomWithMessages(7);
    const newest = await r.messages.batch({ roomId, lastMessageId: null, batchSize: 3, upOrDown: 'UP' });
    expect(texts(newest)).toEqual(['c5', 'c6', 'c7']);
    expect(newest.stillHaveData).toBe(true);
    const older = await r.messages.batch({ roomId, lastMessageId: newest.messages[0]?.message.id ?? 0, batchSize: 3, upOrDown: 'UP' });
    expect(texts(older)).toEqual(['c2', 'c3', 'c4']);
    expect(older.stillHaveData).toBe(true);
    const oldest = await r.messages.batch({ roomId, lastMessageId: older.messages[0]?.message.id ?? 0, batchSize: 3, upOrDown: 'UP' });
    expect(texts(oldest)).toEqual(['c1']);
    expect(oldest.stillHaveData).toBe(false);

    const down = await r.messages.batch({ roomId, lastMessageId: messageIds[1] ?? 0, batchSize: 3, upOrDown: 'DOWN' });
    expect(texts(down)).toEqual(['c3', 'c4', 'c5']);
    expect(down.stillHaveData).toBe(true);
    const tail = await r.messages.batch({ roomId, lastMessageId: messageIds[4] ?? 0, batchSize: 2, upOrDown: 'DOWN' });
    expect(texts(tail)).toEqual(['c6', 'c7']);
    expect(tail.stillHaveData).toBe(false);
    const fromStart = await r.messages.batch({ roomId, lastMessageId: null, batchSize: 2, upOrDown: 'DOWN' });
    expect(texts(fromStart)).toEqual(['c1', 'c2']);
    const nothing = await r.messages.batch({ roomId, lastMessageId: messageIds[6] ?? 0, batchSize: 5, upOrDown: 'DOWN' });
    expect(nothing).toEqual({ messages: [], stillHaveData: false });
  });

  it('shows each viewer their own state and hides what they deleted for themselves', async () => {
    const { roomId, messageIds } = await roomWithMessages(4);
    const [m1, m2, m3, m4] = messageIds as [number, number, number, number];
    expect(await r.receipts.markRead(bob, roomId, [m1, m2])).toEqual([m1, m2]);
    expect(await r.receipts.markRead(bob, roomId, [m1])).toEqual([]);
    expect(await r.receipts.setStarred(bob, roomId, [m2], true)).toEqual([m2]);
    expect(await r.receipts.deleteForMe(bob, roomId, [m3])).toEqual([m3]);
    const forBob = await r.messages.batch({ roomId, lastMessageId: null, batchSize: 10, upOrDown: 'UP', viewerId: bob });
    expect(forBob.messages.map((v) => v.message.id)).toEqual([m1, m2, m4]);
    expect(forBob.messages.map((v) => v.viewer?.isRead)).toEqual([true, true, false]);
    expect(forBob.messages.map((v) => v.viewer?.isStarred)).toEqual([false, true, false]);
    expect(forBob.messages[0]?.totalReceiver).toBe(2);
    const forCarl = await r.messages.batch({ roomId, lastMessageId: null, batchSize: 10, upOrDown: 'UP', viewerId: carl });
    expect(forCarl.messages).toHaveLength(4);
    const forAlice = await r.messages.batch({ roomId, lastMessageId: null, batchSize: 10, upOrDown: 'UP', viewerId: alice });
    expect(forAlice.messages.every((v) => v.viewer === null)).toBe(true); // her own messages
    const starred = await r.messages.batch({ roomId, lastMessageId: null, batchSize: 10, upOrDown: 'UP', viewerId: bob, starredOnly: true });
    expect(starred.messages.map((v) => v.message.id)).toEqual([m2]);
    expect((await r.messages.latest(roomId, bob))?.message.id).toBe(m4);
  });

  it('finds the first unread message and filters by type', async () => {
    const { roomId, messageIds } = await roomWithMessages(3);
    const image = await r.messages.insert({ roomId, senderId: alice, messageType: 'IMAGE', aesMessageFilename: 'a.png' });
    await r.receipts.createForRecipients(image.id, roomId, [bob, carl]);
    expect(await r.messages.firstUnreadMessageId(roomId, bob)).toBe(messageIds[0]);
    await r.receipts.markReadUpTo(bob, roomId, messageIds[1] ?? 0);
    expect(await r.messages.firstUnreadMessageId(roomId, bob)).toBe(messageIds[2]);
    await r.receipts.markReadUpTo(bob, roomId, image.id);
    expect(await r.messages.firstUnreadMessageId(roomId, bob)).toBeNull();
    const images = await r.messages.batch({ roomId, lastMessageId: null, batchSize: 10, upOrDown: 'UP', types: ['IMAGE', 'VIDEO'] });
    expect(images.messages.map((v) => v.message.id)).toEqual([image.id]);
  });

  it('recalls a message (content gone, row kept) and wipes self-destructed ones', async () => {
    const { roomId, messageIds } = await roomWithMessages(2);
    const recalled = await r.messages.recall(messageIds[0] ?? 0);
    expect(recalled).toMatchObject({ aesMessage: null, status: 'ALL_DELETED' });
    expect(recalled?.recalledAt).toBeInstanceOf(Date);
    expect(await r.messages.recall(messageIds[0] ?? 0)).toBeNull();

    const now = new Date();
    const doomed = await r.messages.insert({ roomId, senderId: alice, messageType: 'TEXT', aesMessage: 'secret', expiresAt: new Date(now.getTime() - 1000) });
    const visible = await r.messages.batch({ roomId, lastMessageId: null, batchSize: 10, upOrDown: 'UP', now });
    expect(visible.messages.map((v) => v.message.id)).not.toContain(doomed.id);
    expect(await r.messages.wipeExpired(now)).toEqual([{ id: doomed.id, roomId }]);
    expect((await r.messages.findById(doomed.id))?.aesMessage).toBeNull();
  });

  it('updates status, polls, voice-to-text and reports storage per type', async () => {
    const { roomId, messageIds } = await roomWithMessages(1);
    const id = messageIds[0] ?? 0;
    await r.messages.setStatus(id, 'ALL_READ');
    await r.messages.updatePolling(id, { votes: { 1: [bob] } });
    await r.messages.setVoiceToText(id, 'hello');
    expect(await r.messages.findById(id)).toMatchObject({ status: 'ALL_READ', polling: { votes: { 1: [bob] } }, voiceToText: 'hello' });
    await r.messages.insert({ roomId, senderId: carl, messageType: 'FILE', filesize: 100 });
    await r.messages.insert({ roomId, senderId: carl, messageType: 'FILE', filesize: 50 });
    expect(await r.messages.storageByType(carl)).toEqual([{ messageType: 'FILE', count: 2, totalSize: 150 }]);
  });
});

describe('receipts', () => {
  it('tracks received, read and notified per recipient and the delivery progress', async () => {
    const { roomId, messageIds } = await roomWithMessages(2);
    const [m1] = messageIds as [number];
    expect(await r.receipts.progress(m1)).toEqual({ total: 2, received: 0, read: 0 });
    expect(await r.receipts.markReceived(bob, [m1])).toEqual([m1]);
    expect(await r.receipts.markNotified(carl, roomId, [m1])).toEqual([m1]);
    expect(await r.receipts.progress(m1)).toEqual({ total: 2, received: 2, read: 0 });
    await r.receipts.markRead(bob, roomId, [m1]);
    await r.receipts.markRead(carl, roomId, [m1]);
    expect(await r.receipts.progress(m1)).toEqual({ total: 2, received: 2, read: 2 });
    const info = await r.receipts.listForMessage(m1);
    expect(info.map((x) => x.accountId)).toEqual([bob, carl].sort((a, b) => a - b));
    expect(info.every((x) => x.readAt instanceof Date && x.notifiedAt !== undefined)).toBe(true);
    expect((await r.receipts.get(m1, carl))?.notifiedAt).toBeInstanceOf(Date);
    // marks only touch the caller's own room
    expect(await r.receipts.markRead(bob, roomId + 1000, messageIds)).toEqual([]);
  });

  it('counts unread and mentioned messages per room and in total', async () => {
    const { roomId } = await roomWithMessages(3);
    const mention = await r.messages.insert({ roomId, senderId: alice, messageType: 'TEXT', mentionAccountIds: [carl] });
    await r.receipts.createForRecipients(mention.id, roomId, [bob, carl]);
    const carlRooms = await r.receipts.unreadByRoom(carl, [roomId]);
    expect(carlRooms).toEqual([{ roomId, unread: 4, mentioned: 1 }]);
    const before = await r.receipts.totalUnread(carl);
    await r.receipts.markReadUpTo(carl, roomId, mention.id);
    const after = await r.receipts.totalUnread(carl);
    expect(after.messages).toBe(before.messages - 4);
    expect(after.rooms).toBe(before.rooms - 1);
  });

  it('stars one’s own message and deletes a whole room for oneself, keeping starred ones on request', async () => {
    const { roomId, messageIds } = await roomWithMessages(3);
    expect(await r.receipts.setStarred(alice, roomId, [messageIds[0] ?? 0], true)).toEqual([messageIds[0]]);
    expect(await r.receipts.setStarred(alice, roomId, [messageIds[0] ?? 0], true)).toEqual([]);
    const deleted = await r.receipts.deleteAllForMe(alice, roomId, false);
    expect(deleted).toEqual(messageIds.slice(1));
    const left = await r.messages.batch({ roomId, lastMessageId: null, batchSize: 10, upOrDown: 'UP', viewerId: alice });
    expect(left.messages.map((v) => v.message.id)).toEqual([messageIds[0]]);
    await r.receipts.deleteAllForMe(alice, roomId, true);
    expect((await r.messages.batch({ roomId, lastMessageId: null, batchSize: 10, upOrDown: 'UP', viewerId: alice })).messages).toEqual([]);
    expect(await r.receipts.setStarred(alice, roomId, [messageIds[0] ?? 0], false)).toEqual([messageIds[0]]);
  });
});
