// A removed member stops reading the room at once (issue 9, finding 1): her subscriptions to the room's topics end
// on every connection when the removal is acknowledged, no frame about a later message reaches her, and no message
// stored after it is encrypted under a key she holds: a send under the retired key is refused (ROOM_KEY_RETIRED) and
// not stored, and the client's own send path (src/core/messages/send.ts) fetches the new key and resends unseen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomTopic } from '../../generated/realtime/index.ts';
import { AesKeyService } from '../../src/core/keys/aes-key-service.ts';
import { sendEncryptedMessage } from '../../src/core/messages/send.ts';
import { listen, ok, person, replyQueueOf, roomKey, type Person, type StompListener } from '../support/people.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { makeRoom } from '../server/messages/helpers.ts';

interface Frame {
  notifyType?: string;
  type?: string;
  dataId?: string;
  roomId?: string;
  data?: { messageChecksum?: string };
}

let server: TestServer;
let alice: Person;
let bob: Person;
let carol: Person;
let eve: Person;

beforeAll(async () => {
  server = await startTestServer();
  alice = await person(server, 'rm_alice');
  bob = await person(server, 'rm_bob');
  carol = await person(server, 'rm_carol');
  eve = await person(server, 'rm_eve');
});
afterAll(() => server?.close());

const maxMessageId = async (roomId: string): Promise<number> =>
  Number((await server.app.ctx.db.query('SELECT coalesce(max(id), 0) AS id FROM messages WHERE room_id = $1', [Number(roomId)])).rows[0]?.id);

/** A member sending one message after another through the client's send path, until stopped. */
function sendStream(who: Person, roomId: string, label: string) {
  const keys = new AesKeyService(who.api, 1);
  let stopped = false;
  let sent = 0;
  const failures: unknown[] = [];
  const done = (async () => {
    while (!stopped) {
      const result = await sendEncryptedMessage(who.api, keys, { roomId, type: 'TEXT', checksum: `${label}-${sent}` }, { text: `${label} ${sent}` });
      if (result.ok) sent += 1;
      else failures.push(result.errMsgList);
    }
  })();
  return {
    get sent() {
      return sent;
    },
    failures,
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}

describe('removing a member during a stream of sends', () => {
  it('ends her subscriptions on every connection at once; nothing stored after is readable with a key she holds', async () => {
    const roomId = await makeRoom(server, [alice, bob, carol, eve], 'MULTIPLE', 'Ward 7');
    const eveKey = await roomKey(eve, roomId);
    const eveListeners: StompListener<Frame>[] = [
      await listen<Frame>(server, eve, roomTopic(roomId)),
      await listen<Frame>(server, eve, roomTopic(roomId)), // a second tab
      await listen<Frame>(server, eve, replyQueueOf(server, eve)),
    ];
    const carolTopic = await listen<Frame>(server, carol, roomTopic(roomId));
    const streams = [sendStream(bob, roomId, 'bob'), sendStream(alice, roomId, 'alice')];
    try {
      await carolTopic.next((f) => f.data?.messageChecksum === 'bob-3');

      ok(await alice.api.removeRoomMember({ roomId, accountId: eve.accountId }));
      const lastBefore = await maxMessageId(roomId);

      // The stream goes on: both senders get through the key change without a failure they would see.
      const target = streams.map((s) => s.sent + 5);
      await carolTopic.next((f) => f.data?.messageChecksum === `bob-${target[0]}`, 15_000);
      await carolTopic.next((f) => f.data?.messageChecksum === `alice-${target[1]}`, 15_000);
      for (const stream of streams) await stream.stop();
      expect(streams.flatMap((s) => s.failures)).toEqual([]);

      // A topic signal after the removal: carol hears it (the positive signal), eve does not.
      const aliceTopic = await listen<Frame>(server, alice, roomTopic(roomId));
      aliceTopic.publish(roomTopic(roomId), { roomId, accountName: 'rm_alice', type: 'TYPING' });
      await carolTopic.next((f) => f.type === 'TYPING');
      await aliceTopic.close();

      const after = (await server.app.ctx.db.query('SELECT id, message_key_uuid FROM messages WHERE room_id = $1 AND id > $2', [Number(roomId), lastBefore])).rows;
      expect(after.length).toBeGreaterThanOrEqual(10);
      // Every message stored after the removal is under a key eve neither holds nor may fetch.
      const laterKeys = [...new Set(after.map((row) => String(row.message_key_uuid)))];
      expect(laterKeys).not.toContain(eveKey.messageKeyUuid);
      expect(ok(await eve.api.getAesKeyByMessageKeyUuids({ messageKeyUuids: laterKeys as [string, ...string[]] })).aesKeys).toEqual([]);
      // Every message the senders were told succeeded is stored once; no refused send was stored. (The removal's
      // own system line is the server's, not a send.)
      const stored = Number((await server.app.ctx.db.query("SELECT count(*) AS n FROM messages WHERE room_id = $1 AND message_type <> 'SYSTEM'", [Number(roomId)])).rows[0]?.n);
      expect(stored).toBe(streams.reduce((n, s) => n + s.sent, 0));

      // Eve received nothing about any message stored after the removal, on any connection, and no later signal.
      const eveFrames = eveListeners.flatMap((l) => l.messages);
      const newMessages = eveFrames.filter((f) => f.notifyType === 'NEW_MESSAGE');
      expect(newMessages.length).toBeGreaterThan(0); // she did hear the room while she was in it
      expect(newMessages.filter((f) => Number(f.dataId) > lastBefore)).toEqual([]);
      expect(eveFrames.filter((f) => f.type === 'TYPING')).toEqual([]);
      expect(eveFrames.some((f) => f.notifyType === 'ROOM_MEMBER_DELETE')).toBe(true); // she was told why
    } finally {
      for (const stream of streams) await stream.stop();
      await Promise.all([...eveListeners, carolTopic].map((l) => l.close()));
    }
  });
});

describe('every way out of a room ends its subscriptions', () => {
  async function roomWithListeners() {
    const roomId = await makeRoom(server, [alice, bob, eve], 'MULTIPLE', 'Pharmacy');
    const eveTopic = await listen<Frame>(server, eve, roomTopic(roomId));
    const bobTopic = await listen<Frame>(server, bob, roomTopic(roomId));
    return { roomId, eveTopic, bobTopic };
  }

  /** Alice signals TYPING; resolves when `witness` heard it, so a silent listener had its chance too. */
  async function typing(roomId: string, witness: StompListener<Frame>): Promise<void> {
    const aliceTopic = await listen<Frame>(server, alice, roomTopic(roomId));
    aliceTopic.publish(roomTopic(roomId), { roomId, accountName: 'rm_alice', type: 'TYPING' });
    await witness.next((f) => f.type === 'TYPING');
    await aliceTopic.close();
  }

  it('leave', async () => {
    const { roomId, eveTopic, bobTopic } = await roomWithListeners();
    ok(await eve.api.leaveRoom({ roomId }));
    await typing(roomId, bobTopic);
    expect(eveTopic.messages.filter((f) => f.type === 'TYPING')).toEqual([]);
    await Promise.all([eveTopic.close(), bobTopic.close()]);
  });

  it('room delete: nobody keeps the topic', async () => {
    const { roomId, eveTopic, bobTopic } = await roomWithListeners();
    const carolQueue = await listen<Frame>(server, carol, replyQueueOf(server, carol));
    ok(await alice.api.deleteRoom({ roomId }));
    // A late frame on the deleted room's topic reaches no one who was subscribed.
    await server.app.ctx.notifier.topicMessage(roomId, { roomId, accountName: 'rm_alice', type: 'TYPING' });
    await server.app.ctx.notifier.toAccounts([carol.accountId], { notifyType: 'CUSTOM_NOTIFICATION', senderId: '0', dataId: 'witness' });
    await carolQueue.next((f) => f.dataId === 'witness');
    expect([...eveTopic.messages, ...bobTopic.messages].filter((f) => f.type === 'TYPING')).toEqual([]);
    await Promise.all([eveTopic.close(), bobTopic.close(), carolQueue.close()]);
  });

  it('a member added back hears the room again', async () => {
    const { roomId, eveTopic, bobTopic } = await roomWithListeners();
    const eveQueue = await listen<Frame>(server, eve, replyQueueOf(server, eve));
    ok(await alice.api.removeRoomMember({ roomId, accountId: eve.accountId }));
    ok(await alice.api.addRoomMembers({ roomId, accountIds: [eve.accountId] }));
    await eveQueue.next((f) => f.notifyType === 'ROOM_JOIN');
    const again = await listen<Frame>(server, eve, roomTopic(roomId));
    await typing(roomId, again);
    expect(eveTopic.messages.filter((f) => f.type === 'TYPING')).toEqual([]); // the old subscription stays ended
    await Promise.all([eveTopic.close(), bobTopic.close(), eveQueue.close(), again.close()]);
  });
});
