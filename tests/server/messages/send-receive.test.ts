// Sending and receiving over the wire: encryption end to end, paging, realtime, who may send, key rotation.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodeByName as E } from '../../../generated/errors.ts';
import { roomTopic } from '../../../generated/realtime/index.ts';
import { errorCode } from '../../support/node-transport.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';
import { changeMember, decryptText, encryptText, listen, makeRoom, ok, person, replyQueueOf, roomKey, sendText, setPolicy, type Person } from './helpers.ts';

let server: TestServer;
let alice: Person;
let bob: Person;
let carol: Person;
let dave: Person;

beforeAll(async () => {
  server = await startTestServer();
  alice = await person(server, 'alice', 'Alice Wong');
  bob = await person(server, 'bob', 'Bob Chan');
  carol = await person(server, 'carol');
  dave = await person(server, 'dave');
});
afterAll(() => server.close());

describe('sendaesmessage and receiveaesmessages', () => {
  it('carries only ciphertext: B decrypts what A encrypted with the room key', async () => {
    const roomId = await makeRoom(server, [alice, bob]);
    const key = await roomKey(alice, roomId);
    const secret = 'Ward 7 handover at 18:00 — 機密';
    const cipher = encryptText(key, secret);
    const sent = ok(await alice.api.sendAesMessage({ roomId, messageKeyUuid: key.messageKeyUuid, type: 'TEXT', checksum: 'c1', aesMessage: cipher }));
    expect(sent.data.isRecrypted).toBe(false);
    expect(sent.message).toMatchObject({ roomId, messageType: 'TEXT', messageStatus: 'SERVER_RECEIVED', isSendFromYou: true, totalReceiver: 1 });

    // Neither the wire body nor the stored row holds the plain text.
    const wire = alice.transport.sentBodies.filter((b) => b.path === 'chat/sec/message/sendaesmessage').map((b) => b.body).join('');
    expect(wire).not.toContain('Ward 7');
    expect(wire).not.toContain(cipher); // the envelope hides even the ciphertext
    const stored = await server.app.ctx.repos.messages.findById(Number(sent.message.messageId));
    expect(stored?.aesMessage).toBe(cipher);

    const batch = ok(await bob.api.receiveAesMessages({ roomId, batchSize: 10, upOrDown: 'UP' }));
    const received = batch.messages.find((m) => m.messageId === sent.message.messageId);
    expect(received).toMatchObject({ isSendFromYou: false, isReadByYou: false, isReceivedByYou: true, messageUsername: 'Alice Wong' });
    const [bobKey] = ok(await bob.api.getAesKeyByMessageKeyUuids({ messageKeyUuids: [received!.messageKeyUuid!] })).aesKeys;
    expect(decryptText(bobKey!, received!.message!)).toBe(secret);
  });

  it('pages up and down with stillHaveData and reports the first unread message', async () => {
    const roomId = await makeRoom(server, [alice, bob]);
    const key = await roomKey(alice, roomId);
    const ids: string[] = [];
    for (let i = 1; i <= 7; i++) ids.push(await sendText(alice, roomId, `m${i}`, key));
    ok(await bob.api.markReadAesMessages({ roomId, messageIds: [ids[0]!, ids[1]!, ids[2]!] }));

    const newest = ok(await bob.api.receiveAesMessages({ roomId, batchSize: 3, upOrDown: 'UP', withLastUnreadMessageId: true }));
    expect(newest.messages.map((m) => m.messageId)).toEqual(ids.slice(4));
    expect(newest.stillHaveData).toBe(true);
    expect(newest.firstUnreadMessageId).toBe(ids[3]);
    expect(newest.messages.map((m) => decryptText(key, m.message!))).toEqual(['m5', 'm6', 'm7']);

    const older = ok(await bob.api.receiveAesMessages({ roomId, lastMessageId: ids[4], batchSize: 3, upOrDown: 'UP' }));
    expect(older.messages.map((m) => m.messageId)).toEqual(ids.slice(1, 4));
    expect(older.stillHaveData).toBe(true);
    const oldest = ok(await bob.api.receiveAesMessages({ roomId, lastMessageId: ids[1], batchSize: 3, upOrDown: 'UP' }));
    expect(oldest.messages.map((m) => m.messageId)).toEqual([ids[0]]);
    expect(oldest.stillHaveData).toBe(false);
    expect(oldest.messages[0]?.isReadByYou).toBe(true);

    const down = ok(await bob.api.receiveAesMessages({ roomId, lastMessageId: ids[2], batchSize: 3, upOrDown: 'DOWN' }));
    expect(down.messages.map((m) => m.messageId)).toEqual(ids.slice(3, 6));
    expect(down.stillHaveData).toBe(true);
    const end = ok(await bob.api.receiveAesMessages({ roomId, lastMessageId: ids[5], batchSize: 3, upOrDown: 'DOWN' }));
    expect(end.messages.map((m) => m.messageId)).toEqual([ids[6]]);
    expect(end.stillHaveData).toBe(false);
  });

  it('marks messages received when listed and tells the sender once everyone has them', async () => {
    const roomId = await makeRoom(server, [alice, bob]);
    const inbox = await listen(server, alice, replyQueueOf(server, alice));
    try {
      const id = await sendText(alice, roomId, 'hello');
      ok(await bob.api.receiveAesMessages({ roomId, batchSize: 10, upOrDown: 'UP' }));
      const note = await inbox.next((b) => (b as { notifyType?: string }).notifyType === 'MESSAGE_ALL_RECEIVED');
      expect(note).toMatchObject({ roomId, data: { messageIds: [id] } });
      const [view] = ok(await alice.api.viewAesMessages({ roomId, messageIds: [id] })).messages;
      expect(view?.messageStatus).toBe('ALL_RECEIVED');
    } finally {
      await inbox.close();
    }
  });

  it('pushes NEW_MESSAGE to the room topic B subscribed to', async () => {
    const roomId = await makeRoom(server, [alice, bob]);
    const topic = await listen(server, bob, roomTopic(roomId));
    try {
      const id = await sendText(alice, roomId, 'are you there?');
      const note = (await topic.next((b) => (b as { notifyType?: string }).notifyType === 'NEW_MESSAGE')) as Record<string, unknown>;
      expect(note).toMatchObject({ notifyType: 'NEW_MESSAGE', senderId: alice.accountId, dataId: id, roomId });
      expect(note.data).toMatchObject({ messageId: id, messageType: 'TEXT', messageUserId: alice.accountId });
      expect(JSON.stringify(note)).not.toContain('are you there');
    } finally {
      await topic.close();
    }
  });

  it("names the room's message before it in each NEW_MESSAGE, however it was written (send or forward)", async () => {
    const roomId = await makeRoom(server, [alice, bob]);
    const source = await makeRoom(server, [alice, carol]);
    const queue = await listen(server, bob, replyQueueOf(server, bob));
    const note = async (dataId: string) =>
      (await queue.next((b) => (b as { notifyType?: string; dataId?: string }).notifyType === 'NEW_MESSAGE' && (b as { dataId?: string }).dataId === dataId)) as Record<string, unknown>;
    try {
      const before = ok(await bob.api.receiveAesMessages({ roomId, batchSize: 1, upOrDown: 'UP' })).messages[0]?.messageId;
      const first = await sendText(alice, roomId, 'first');
      expect((await note(first)).previousMessageId).toBe(before === undefined ? undefined : String(before));
      const second = await sendText(alice, roomId, 'second');
      expect((await note(second)).previousMessageId).toBe(first);
      const original = await sendText(alice, source, 'to pass on');
      const [copy] = ok(await alice.api.forwardAesMessages({ fromRoomId: source, roomId, messageIds: [original] })).messages;
      expect((await note(String(copy?.messageId))).previousMessageId).toBe(second);
    } finally {
      await queue.close();
    }
  });

  it('refuses a sender who is not a member, and a member the SEND_MESSAGE policy leaves out', async () => {
    const roomId = await makeRoom(server, [alice, bob]);
    const key = await roomKey(alice, roomId);
    const payload = { roomId, messageKeyUuid: key.messageKeyUuid, type: 'TEXT' as const, checksum: 'x', aesMessage: encryptText(key, 'x') };
    expect(errorCode(await carol.api.sendAesMessage(payload))).toBe(E.NOT_ROOM_MEMBER);
    expect(errorCode(await carol.api.getAesKeyByRoomId({ roomId }))).toBe(E.NOT_ROOM_MEMBER);
    expect(errorCode(await carol.api.receiveAesMessages({ roomId, batchSize: 5, upOrDown: 'UP' }))).toBe(E.NOT_ROOM_MEMBER);

    await setPolicy(server, roomId, 'SEND_MESSAGE', '2'); // room admins only; alice is the admin
    expect(errorCode(await bob.api.sendAesMessage(payload))).toBe(E.ROOM_POLICY_FORBIDS);
    expect((await alice.api.sendAesMessage(payload)).ok).toBe(true);
  });

  it('refuses message types clients may not send, and checks polls', async () => {
    const roomId = await makeRoom(server, [alice, bob]);
    const key = await roomKey(alice, roomId);
    const base = { roomId, messageKeyUuid: key.messageKeyUuid, checksum: 'x' };
    expect(errorCode(await alice.api.sendAesMessage({ ...base, type: 'SYSTEM', aesMessage: encryptText(key, 'x') }))).toBe(E.MESSAGE_TYPE_UNSUPPORTED);
    expect(errorCode(await alice.api.sendAesMessage({ ...base, type: 'POLLING' }))).toBe(E.POLL_TOPIC_REQUIRED);
    expect(errorCode(await alice.api.sendAesMessage({ ...base, type: 'POLLING', messagePolling: { topic: '  ', options: ['a', 'b'] } }))).toBe(E.POLL_TOPIC_REQUIRED);
    const other = await makeRoom(server, [carol]);
    const foreignKey = await roomKey(carol, other);
    expect(errorCode(await alice.api.sendAesMessage({ ...base, messageKeyUuid: foreignKey.messageKeyUuid, type: 'TEXT', aesMessage: 'eA==' }))).toBe(E.INVALID_INPUT);
  });

  it('rotates the room key on the first send after a membership change, and refuses sends under the retired key', async () => {
    const roomId = await makeRoom(server, [alice, bob]);
    const first = await roomKey(alice, roomId);
    const send = async (key: typeof first, text = 'hi') =>
      alice.api.sendAesMessage({ roomId, messageKeyUuid: key.messageKeyUuid, type: 'TEXT', checksum: randomUUID(), aesMessage: encryptText(key, text) });
    const stored = async () => (await server.app.ctx.db.query('SELECT count(*)::int AS n FROM messages WHERE room_id = $1', [Number(roomId)])).rows[0]?.n;
    expect(ok(await send(first)).data.isRecrypted).toBe(false);

    await changeMember(server, alice, roomId, dave);
    const before = await stored();
    // The send that finds the membership changed retires the key and is refused; nothing is stored.
    const refused = await send(first, 'under the retired key');
    expect(errorCode(refused)).toBe(E.ROOM_KEY_RETIRED);
    expect(refused.ok ? 0 : refused.httpStatus).toBe(409);
    expect(await stored()).toBe(before);
    // Every later send naming the retired key is refused too.
    expect(errorCode(await send(first))).toBe(E.ROOM_KEY_RETIRED);
    const second = await roomKey(alice, roomId);
    expect(second.messageKeyUuid).not.toBe(first.messageKeyUuid);
    expect(ok(await send(second)).data.isRecrypted).toBe(false);
    expect(ok(await send(second)).data.isRecrypted).toBe(false);

    // Removing a member rotates again; the removed member cannot read the new key.
    await changeMember(server, alice, roomId, dave, true);
    expect(errorCode(await send(second))).toBe(E.ROOM_KEY_RETIRED);
    const third = await roomKey(alice, roomId);
    expect(ok(await send(third)).message.messageKeyUuid).toBe(third.messageKeyUuid);
    const daveKeys = ok(await dave.api.getAesKeyByMessageKeyUuids({ messageKeyUuids: [second.messageKeyUuid, third.messageKeyUuid] })).aesKeys;
    expect(daveKeys.map((k) => k.messageKeyUuid)).toEqual([second.messageKeyUuid]);
    // A stranger gets no room keys at all, only the common key.
    expect(ok(await carol.api.getAesKeyByMessageKeyUuids({ messageKeyUuids: [first.messageKeyUuid] })).aesKeys).toEqual([]);
    const common = ok(await carol.api.getCommonAesKey({})).aesKey;
    expect(ok(await carol.api.getAesKeyByMessageKeyUuids({ messageKeyUuids: [common.messageKeyUuid] })).aesKeys).toEqual([common]);
  });
});
