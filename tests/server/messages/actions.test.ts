// What members do with messages: recall, star, read information, delete for me, forward, files, polls.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodeByName as E } from '../../../generated/errors.ts';
import { accountTopic, roomTopic } from '../../../generated/realtime/index.ts';
import { errorCode } from '../../support/node-transport.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';
import { decryptText, encryptText, listen, makeRoom, ok, person, replyQueueOf, roomKey, sendText, setPolicy, type Person } from './helpers.ts';

let server: TestServer;
let alice: Person;
let bob: Person;
let carol: Person;

beforeAll(async () => {
  server = await startTestServer({ ATTACH_SIZE_BYTES: '4096' });
  alice = await person(server, 'alice', 'Alice Wong');
  bob = await person(server, 'bob', 'Bob Chan');
  carol = await person(server, 'carol', 'Carol Lee');
});
afterAll(() => server.close());

const ids = (list: { messages: { messageId: string }[] }) => list.messages.map((m) => m.messageId);

describe('recall (deleteaesmessages)', () => {
  it('recalls within RECALL_MESSAGE_TIME, refuses after it and refuses other people’s messages', async () => {
    const roomId = await makeRoom(server, [alice, bob]);
    await setPolicy(server, roomId, 'RECALL_MESSAGE_TIME', '60');
    const early = await sendText(alice, roomId, 'oops');
    const late = await sendText(alice, roomId, 'fine');
    const topic = await listen(server, bob, roomTopic(roomId));
    try {
      expect(errorCode(await bob.api.deleteAesMessages({ roomId, messageIds: [early] }))).toBe(E.FORBIDDEN);
      ok(await alice.api.deleteAesMessages({ roomId, messageIds: [early] }));
      await topic.next((b) => (b as { notifyType?: string }).notifyType === 'MESSAGE_DELETED');
    } finally {
      await topic.close();
    }
    const [recalled] = ok(await bob.api.viewAesMessages({ roomId, messageIds: [early] })).messages;
    expect(recalled).toMatchObject({ messageStatus: 'ALL_DELETED' });
    expect(recalled?.message).toBeUndefined();

    const realNow = server.app.ctx.now;
    server.app.ctx.now = () => new Date(Date.now() + 61_000);
    try {
      expect(errorCode(await alice.api.deleteAesMessages({ roomId, messageIds: [late] }))).toBe(E.RECALL_TIME_PASSED);
    } finally {
      server.app.ctx.now = realNow;
    }
    await setPolicy(server, roomId, 'ALLOW_RECALL_MESSAGE', '0');
    expect(errorCode(await alice.api.deleteAesMessages({ roomId, messageIds: [late] }))).toBe(E.ROOM_POLICY_FORBIDS);
  });
});

describe('star, read information, delete for me', () => {
  it('stars and unstars, and lists the starred messages', async () => {
    const roomId = await makeRoom(server, [alice, bob]);
    const [m1, m2, m3] = [await sendText(alice, roomId, 'a'), await sendText(bob, roomId, 'b'), await sendText(alice, roomId, 'c')];
    ok(await bob.api.starAesMessages({ roomId, messageIds: [m1!, m2!] }));
    expect(ids(ok(await bob.api.receiveStarredAesMessages({ roomId, batchSize: 15, upOrDown: 'UP' })))).toEqual([m1, m2]);
    expect(ids(ok(await bob.api.receiveStarredAesMessages({ batchSize: 15, upOrDown: 'UP' })))).toEqual([m1, m2]); // all rooms
    ok(await bob.api.unstarAesMessages({ roomId, messageIds: [m1!] }));
    const starred = ok(await bob.api.receiveStarredAesMessages({ roomId, batchSize: 15, upOrDown: 'UP' }));
    expect(ids(starred)).toEqual([m2]);
    expect(starred.messages[0]).toMatchObject({ isStarredByYou: true, isSendFromYou: true });
    expect(ok(await alice.api.receiveStarredAesMessages({ roomId, batchSize: 15, upOrDown: 'UP' })).messages).toEqual([]);
    // Starring one's own message does not make the sender a recipient.
    const [own] = ok(await alice.api.viewAesMessages({ roomId, messageIds: [m3!] })).messages;
    expect(own?.totalReceiver).toBe(1);

    await setPolicy(server, roomId, 'ALLOW_STAR_MSG', '0');
    expect(errorCode(await bob.api.starAesMessages({ roomId, messageIds: [m3!] }))).toBe(E.ROOM_POLICY_FORBIDS);
  });

  it('shows a recipient as read in the message information after markread, and tells the sender', async () => {
    const roomId = await makeRoom(server, [alice, bob, carol]);
    const id = await sendText(alice, roomId, 'agenda');
    const before = ok(await alice.api.getAesMessageInfo({ roomId, messageId: id }));
    expect(before.totalRecipient).toBe(2);
    expect(before.messageInfoRead).toEqual([]);

    const inbox = await listen(server, alice, replyQueueOf(server, alice));
    try {
      ok(await bob.api.markReadAesMessages({ roomId, messageIds: [id] }));
      expect(await inbox.next((b) => (b as { notifyType?: string }).notifyType === 'MESSAGE_READ')).toMatchObject({
        data: { messageIds: [id], accountId: bob.accountId },
      });
    } finally {
      await inbox.close();
    }
    const after = ok(await alice.api.getAesMessageInfo({ roomId, messageId: id }));
    expect(after.messageInfoRead).toEqual([expect.objectContaining({ accountId: bob.accountId, userFullname: 'Bob Chan', isRead: true })]);
    expect(after.messageInfoNotified?.map((i) => i.accountId)).toEqual([carol.accountId]);
    // Only the sender (or an admin) may ask.
    expect(errorCode(await bob.api.getAesMessageInfo({ roomId, messageId: id }))).toBe(E.FORBIDDEN);

    // carol keeps read receipts private: her read is recorded for her, not reported to alice.
    await server.app.ctx.db.query("UPDATE accounts SET read_receipt = 'NO' WHERE id = $1", [carol.id]);
    ok(await carol.api.markReadAesMessages({ roomId, messageIds: [id] }));
    const privateRead = ok(await alice.api.getAesMessageInfo({ roomId, messageId: id }));
    expect(privateRead.messageInfoRead?.map((i) => i.accountId)).toEqual([bob.accountId]);
    expect(ok(await carol.api.viewAesMessage({ roomId, messageId: id })).message.isReadByYou).toBe(true);
    expect(ok(await alice.api.viewAesMessage({ roomId, messageId: id })).message.messageStatus).toBe('ALL_RECEIVED');
  });

  it('tells every session of the reader the counts after its read marks (ROOM_READ on the account topic)', async () => {
    const roomId = await makeRoom(server, [alice, bob, carol]);
    const other = await makeRoom(server, [alice, carol]);
    const first = await sendText(alice, roomId, 'one');
    const second = await sendText(alice, roomId, 'two');
    await sendText(alice, other, 'elsewhere');
    const topic = await listen(server, carol, accountTopic(carol.accountId));
    try {
      const before = ok(await carol.api.getTotalMessagesUnreadCount({})).totalUnreadMsgCount;
      ok(await carol.api.markReadAesMessages({ roomId, messageIds: [first] }));
      expect(await topic.next((b) => (b as { notifyType?: string }).notifyType === 'ROOM_READ')).toMatchObject({
        senderId: carol.accountId,
        dataId: first,
        roomId,
        data: { noOfUnreadMessage: 1, noOfMentionedMessage: 0, totalUnreadMsgCount: before - 1 },
      });
      ok(await carol.api.markReadAesMessages({ roomId, messageIds: [second] }));
      expect(await topic.next((b) => (b as { dataId?: string }).dataId === second)).toMatchObject({
        dataId: second,
        data: { noOfUnreadMessage: 0, totalUnreadMsgCount: before - 2 },
      });
    } finally {
      await topic.close();
    }
  });

  it('hides a message deleted for me only from me', async () => {
    const roomId = await makeRoom(server, [alice, bob]);
    const keep = await sendText(alice, roomId, 'keep');
    const drop = await sendText(alice, roomId, 'drop');
    ok(await bob.api.deleteForMeAesMessages({ roomId, messageIds: [drop] }));
    expect(ids(ok(await bob.api.receiveAesMessages({ roomId, batchSize: 10, upOrDown: 'UP' })))).toEqual([keep]);
    expect(ids(ok(await alice.api.receiveAesMessages({ roomId, batchSize: 10, upOrDown: 'UP' })))).toEqual([keep, drop]);
    expect(errorCode(await bob.api.viewAesMessage({ roomId, messageId: drop }))).toBe(E.MESSAGE_NOT_FOUND);
    expect(ok(await bob.api.getTotalMessagesUnreadCount({})).totalUnreadMsgCount).toBeGreaterThanOrEqual(1);
  });
});

describe('unread totals (gettotalmessagesunreadcount)', () => {
  it('leaves out what stayed unread in a group the member left and in a deleted group', async () => {
    const reader = await person(server, `reader${randomUUID().slice(0, 8)}`, 'Unread Reader');
    const total = async () => ok(await reader.api.getTotalMessagesUnreadCount({})).totalUnreadMsgCount;
    const left = await makeRoom(server, [alice, reader], 'MULTIPLE', 'Left behind');
    const deleted = await makeRoom(server, [alice, reader], 'MULTIPLE', 'Deleted');
    const kept = await makeRoom(server, [alice, reader], 'MULTIPLE', 'Kept');
    for (const roomId of [left, left, deleted, kept]) await sendText(alice, roomId, 'unread');
    expect(await total()).toBe(4);
    ok(await reader.api.leaveRoom({ roomId: left }));
    expect(await total()).toBe(2);
    ok(await alice.api.deleteRoom({ roomId: deleted }));
    expect(await total()).toBe(1);
    const list = ok(await reader.api.getRoomList({ pageInfo: { pageNo: 1, pageSize: 30 }, withTotalUnreadRoomCount: true, withTotalUnreadMsgCount: true }));
    expect({ rooms: list.totalUnreadRoomCount, messages: list.totalUnreadMsgCount }).toEqual({ rooms: 1, messages: 1 });
  });
});

describe('forward and files', () => {
  it('forwards a copy with the same ciphertext and key, readable by the target room', async () => {
    const source = await makeRoom(server, [alice, bob]);
    const target = await makeRoom(server, [bob, carol]);
    const key = await roomKey(alice, source);
    const id = await sendText(alice, source, 'pass it on', key);
    const forwarded = ok(await bob.api.forwardAesMessages({ fromRoomId: source, roomId: target, messageIds: [id] })).messages;
    expect(forwarded).toHaveLength(1);
    expect(forwarded[0]).toMatchObject({ roomId: target, isForwardMessage: true, messageKeyUuid: key.messageKeyUuid, messageUserId: bob.accountId });

    const [copy] = ok(await carol.api.receiveAesMessages({ roomId: target, batchSize: 5, upOrDown: 'UP' })).messages;
    const [carolKey] = ok(await carol.api.getAesKeyByMessageKeyUuids({ messageKeyUuids: [copy!.messageKeyUuid!] })).aesKeys;
    expect(decryptText(carolKey!, copy!.message!)).toBe('pass it on');

    expect(errorCode(await carol.api.forwardAesMessages({ fromRoomId: source, roomId: target, messageIds: [id] }))).toBe(E.NOT_ROOM_MEMBER);
    await setPolicy(server, source, 'ALLOW_FORWARD_MSG', '0');
    expect(errorCode(await bob.api.forwardAesMessages({ fromRoomId: source, roomId: target, messageIds: [id] }))).toBe(E.ROOM_POLICY_FORBIDS);
  });

  it('stores an encrypted file and downloads the same ciphertext under its file name', async () => {
    const roomId = await makeRoom(server, [alice, bob]);
    const key = await roomKey(alice, roomId);
    const fileCipher = encryptText(key, 'PDF bytes '.repeat(50));
    const sent = ok(
      await alice.api.sendAesMessage({
        roomId,
        messageKeyUuid: key.messageKeyUuid,
        type: 'FILE',
        checksum: randomUUID(),
        aesMessageFile: fileCipher,
        aesMessageFilename: 'Rota March.pdf',
        aesMessageFileMetadata: encryptText(key, JSON.stringify({ size: 500, mimeType: 'application/pdf' })),
      }),
    ).message;
    expect(sent).toMatchObject({ messageType: 'FILE', aesMessageFilename: 'Rota March.pdf', aesMessageFileOpenExt: 'pdf', hasOriginalMessageFile: true });
    expect(ids(ok(await bob.api.receiveAesFiles({ roomId, batchSize: 10, upOrDown: 'UP' })))).toEqual([sent.messageId]);

    const file = ok(await bob.api.downloadAesFile({ roomId, messageId: sent.messageId }));
    expect(file.filename).toBe('Rota March.pdf');
    const text = await file.blob.text();
    expect(text).toBe(fileCipher);
    expect(decryptText(key, text)).toBe('PDF bytes '.repeat(50));
    expect((await bob.api.downloadOriginalAesFile({ roomId, messageId: sent.messageId })).ok).toBe(true);

    await setPolicy(server, roomId, 'ALLOW_DOWN_ATTACH', '0');
    expect(errorCode(await bob.api.downloadAesFile({ roomId, messageId: sent.messageId }))).toBe(E.ROOM_POLICY_FORBIDS);
    const tooBig = encryptText(key, 'x'.repeat(5000));
    const refused = await alice.api.sendAesMessage({ roomId, messageKeyUuid: key.messageKeyUuid, type: 'FILE', checksum: 'big', aesMessageFile: tooBig, aesMessageFilename: 'big.bin' });
    expect(errorCode(refused)).toBe(E.TOO_LARGE);
  });
});

describe('polls', () => {
  it('votes and unvotes, refusing a stale checksum', async () => {
    const roomId = await makeRoom(server, [alice, bob, carol]);
    const key = await roomKey(alice, roomId);
    const sent = ok(
      await alice.api.sendAesMessage({
        roomId,
        messageKeyUuid: key.messageKeyUuid,
        type: 'POLLING',
        checksum: randomUUID(),
        messagePolling: { topic: 'Lunch?', options: ['Noodles', 'Rice', 'Salad'] },
      }),
    ).message;
    const poll = sent.messagePolling!;
    expect(poll.options.map((o) => o.votes)).toEqual([0, 0, 0]);

    const topic = await listen(server, carol, roomTopic(roomId));
    try {
      const voted = ok(
        await bob.api.voteMessage({ roomId, messageId: sent.messageId, type: 'POLLING', optionId: poll.options[1]!.optionId, pollingChecksum: poll.pollingChecksum }),
      ).messagePolling;
      expect(voted.options.map((o) => o.votes)).toEqual([0, 1, 0]);
      expect(voted.options[1]?.isVotedByYou).toBe(true);
      expect(await topic.next((b) => (b as { type?: string }).type === 'VOTE_MESSAGE')).toMatchObject({ roomId, accountName: 'bob' });
      await topic.next((b) => (b as { notifyType?: string }).notifyType === 'MESSAGE_VOTE');

      // carol still holds the poll as it was before bob's vote.
      const stale = await carol.api.voteMessage({ roomId, messageId: sent.messageId, type: 'POLLING', optionId: '1', pollingChecksum: poll.pollingChecksum });
      expect(errorCode(stale)).toBe(E.STALE_POLL_CHECKSUM);

      const unvoted = ok(
        await bob.api.unvoteMessage({ roomId, messageId: sent.messageId, type: 'POLLING', optionId: poll.options[1]!.optionId, pollingChecksum: voted.pollingChecksum }),
      ).messagePolling;
      expect(unvoted.options.map((o) => o.votes)).toEqual([0, 0, 0]);
      await topic.next((b) => (b as { type?: string }).type === 'UNVOTE_MESSAGE');
    } finally {
      await topic.close();
    }
    const text = await sendText(alice, roomId, 'not a poll');
    expect(errorCode(await bob.api.voteMessage({ roomId, messageId: text, type: 'POLLING', optionId: '1', pollingChecksum: 'x' }))).toBe(
      E.MESSAGE_TYPE_UNSUPPORTED,
    );
  });
});

describe('exports', () => {
  it('exports the room with its policy, and selected messages with their files as a zip', async () => {
    const roomId = await makeRoom(server, [alice, bob], 'MULTIPLE', 'Night shift');
    const key = await roomKey(alice, roomId);
    const id = await sendText(alice, roomId, 'handover', key);
    const exported = ok(await bob.api.exportRoomMessages({ roomId }));
    expect(exported.roomName).toBe('Night shift');
    expect(exported.policy?.find((p) => p.attr === 'SEND_MESSAGE')).toMatchObject({ value: 1, type: 'MEMBER_ROLE' });
    expect(exported.messages.map((m) => m.messageId)).toEqual([id]);

    const { unzipSync, strFromU8 } = await import('fflate');
    const zip = ok(await bob.api.exportMessagesAndFiles({ roomId, messageIds: [id] }));
    const entries = unzipSync(new Uint8Array(await zip.blob.arrayBuffer()));
    const doc = JSON.parse(strFromU8(entries['messages.json']!)) as { messages: { messageId: string; message: string }[] };
    expect(decryptText(key, doc.messages[0]!.message)).toBe('handover');
  });
});
