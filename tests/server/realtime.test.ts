// The STOMP endpoint of the real server: subscriptions are limited to the caller's own queue, account topic
// and rooms; topic messages are relayed to the room; the health-check echo answers on the reply queue.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTopic, replyQueue, roomTopic, sendDestination } from '../../generated/realtime/index.ts';
import { listen } from '../support/stomp-listener.ts';
import { signIn, type SignedInClient } from '../support/node-transport.ts';
import { createTestAccount, startTestServer, TEST_PASSWORD, type TestServer } from '../support/test-server.ts';

let server: TestServer;
let alice: SignedInClient;
let bob: SignedInClient;
let carol: SignedInClient;
let roomId: string;
let mq: string;

beforeAll(async () => {
  server = await startTestServer();
  for (const loginName of ['rt_alice', 'rt_bob', 'rt_carol']) await createTestAccount(server, { loginName });
  alice = await signIn(server.url, 'rt_alice', TEST_PASSWORD);
  bob = await signIn(server.url, 'rt_bob', TEST_PASSWORD);
  carol = await signIn(server.url, 'rt_carol', TEST_PASSWORD);
  const room = await alice.api.createMultipleRoom({ roomName: 'Night shift', memberIds: [bob.accountId] });
  if (!room.ok) throw new Error(JSON.stringify(room.errMsgList));
  roomId = String(room.data.roomId);
  mq = server.app.ctx.config.mqSysName;
});
afterAll(() => server?.close());

describe('STOMP subscriptions on /v3/ws', () => {
  it("refuses another user's reply queue and account topic", async () => {
    await expect(listen(server.url, bob.apiKey, replyQueue(mq, alice.accountId))).rejects.toThrow();
    await expect(listen(server.url, bob.apiKey, accountTopic(alice.accountId))).rejects.toThrow();
  });

  it('refuses the topic of a room the caller is not in, and accepts a member', async () => {
    await expect(listen(server.url, carol.apiKey, roomTopic(roomId))).rejects.toThrow();
    const member = await listen(server.url, bob.apiKey, roomTopic(roomId));
    await member.close();
  });

  it('refuses a connection with an unknown api key', async () => {
    await expect(listen(server.url, 'not-a-key', replyQueue(mq, alice.accountId))).rejects.toThrow();
  });

  it("relays a member's TYPING topic message to the other members of the room", async () => {
    const bobRoom = await listen(server.url, bob.apiKey, roomTopic(roomId));
    const aliceRoom = await listen(server.url, alice.apiKey, roomTopic(roomId));
    aliceRoom.publish(roomTopic(roomId), { roomId, accountName: 'rt_alice', type: 'TYPING' });
    const typing = (await bobRoom.next((body) => (body as { type?: string }).type === 'TYPING')) as Record<string, string>;
    expect(typing).toMatchObject({ roomId, type: 'TYPING', accountName: 'rt_alice' });
    await Promise.all([bobRoom.close(), aliceRoom.close()]);
  });

  it('echoes a health check on the caller reply queue', async () => {
    const queue = await listen(server.url, alice.apiKey, replyQueue(mq, alice.accountId));
    queue.publish(sendDestination.healthCheckEcho(), { notifyType: 'HEALTH_CHECK', dataId: '7' });
    const echo = (await queue.next((body) => (body as { notifyType?: string }).notifyType === 'HEALTH_CHECK')) as Record<string, unknown>;
    expect(echo).toMatchObject({ senderId: alice.accountId, dataId: '7', data: { ts: expect.any(Number) } });
    await queue.close();
  });

  it('hides a presence at once: the other members hear USER_STATUS_CHANGE and no longer get its ONLINE signals', async () => {
    const bobQueue = await listen(server.url, bob.apiKey, replyQueue(mq, bob.accountId));
    const bobRoom = await listen(server.url, bob.apiKey, roomTopic(roomId));
    const aliceRoom = await listen(server.url, alice.apiKey, roomTopic(roomId));
    const isStatus = (body: Record<string, unknown>) => body.notifyType === 'USER_STATUS_CHANGE';
    const topicTypes = () => bobRoom.messages.map((body) => body.type);

    expect((await alice.api.updateAccountPrivacyViewPresence({ viewPresence: 'NONE' })).ok).toBe(true);
    const hidden = await bobQueue.next(isStatus);
    expect(hidden).toMatchObject({ senderId: alice.accountId, data: { accountId: alice.accountId, online: false } });
    expect((hidden.data as Record<string, unknown>).lastOnlineTime).toBeUndefined();
    aliceRoom.publish(roomTopic(roomId), { roomId, accountName: 'rt_alice', type: 'ONLINE' });
    // TYPING after ONLINE on the same connection: once it is relayed, the ONLINE before it was dropped.
    aliceRoom.publish(roomTopic(roomId), { roomId, accountName: 'rt_alice', type: 'TYPING' });
    await bobRoom.next((body) => body.type === 'TYPING');
    expect(topicTypes()).not.toContain('ONLINE');

    expect((await alice.api.updateAccountPrivacyViewPresence({ viewPresence: 'ALL' })).ok).toBe(true);
    const shown = await bobQueue.next((body) => isStatus(body) && (body.data as Record<string, unknown>).online === true);
    expect((shown.data as Record<string, unknown>).lastOnlineTime).toBeTypeOf('number');
    aliceRoom.publish(roomTopic(roomId), { roomId, accountName: 'rt_alice', type: 'ONLINE' });
    await bobRoom.next((body) => body.type === 'ONLINE');
    await Promise.all([bobQueue.close(), bobRoom.close(), aliceRoom.close()]);
  });
});
