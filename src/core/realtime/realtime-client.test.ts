// Against the real reference server's STOMP endpoint. Sessions are created in the server's store (as a login
// would), so this file depends on the socket only; login-flow.server.test.ts covers the login itself.
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { IStompSocket } from '@stomp/stompjs';
import { createTestAccount, startTestServer, type TestServer } from '../../../tests/support/test-server.ts';
import { keys } from '../testing/vectors.ts';
import { CONNECT_PROOF_TARGET, deviceProof } from '../crypto/device-proof.ts';
import { RealtimeClient, webSocketBase, type RealtimeEvents } from './realtime-client.ts';
import { ReconnectPolicy } from './reconnect-policy.ts';
import { roomTopic, type NotificationOf } from '@generated/realtime/index';

/** How long a socket event may take to show here (a busy machine included), and how often to look. */
const POLL = { timeout: 5_000, interval: 10 };

let server: TestServer;
let accountId: string;
const sockets: WebSocket[] = [];

async function newSession(): Promise<string> {
  const apiKey = randomUUID();
  await server.app.ctx.repos.sessions.create({
    accountId: Number(accountId),
    apiKey,
    deviceId: randomUUID(),
    devicePubKeyPem: keys.device.publicKeyPem,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return apiKey;
}

/** While true, every new socket goes to a closed port, as during a network outage. */
let outage = false;
/** While set, every new socket goes here instead: a port that takes the connection and never answers. */
let blackHole: string | null = null;

function client(apiKey: string, intervalMs = 50, connectionTimeoutMs?: number) {
  const realtime = new RealtimeClient({
    wsBase: webSocketBase(server.url),
    apiKey,
    // the session's device key (newSession binds its public half), as the signed-in client signs each CONNECT
    connectProof: () => deviceProof(keys.device.privateKeyPem, { ...CONNECT_PROOF_TARGET, body: '' }),
    mqSysName: server.app.ctx.config.mqSysName,
    accountId,
    accountName: 'alice',
    webSocketFactory: (url, protocols) => {
      const socket = new WebSocket(blackHole ?? (outage ? 'ws://127.0.0.1:1/v3/ws' : url), protocols);
      sockets.push(socket);
      return socket as unknown as IStompSocket;
    },
    reconnect: new ReconnectPolicy({ intervalMs, maxTries: 3 }),
    ...(connectionTimeoutMs ? { connectionTimeoutMs } : {}),
  });
  const log: { [K in keyof RealtimeEvents]?: RealtimeEvents[K][] } = {};
  for (const event of ['notification', 'topic', 'status', 'disconnect', 'resynced', 'error'] as const) {
    realtime.on(event, (value) => ((log[event] ??= []) as unknown[]).push(value));
  }
  return { realtime, log };
}

// Notifications as the contract has them: the client drops anything else.
const starred = (dataId: string): NotificationOf<'MESSAGE_STARRED'> => ({ notifyType: 'MESSAGE_STARRED', senderId: '1', dataId, roomId: '1', data: { messageIds: [dataId] } });
const dndOff = (dataId: string): NotificationOf<'DND_DISABLED'> => ({ notifyType: 'DND_DISABLED', senderId: '1', dataId });

beforeAll(async () => {
  server = await startTestServer();
  accountId = String((await createTestAccount(server, { loginName: 'alice' })).id);
});

afterAll(async () => {
  for (const socket of sockets) socket.terminate();
  await server?.close();
});

describe('RealtimeClient against the reference server', () => {
  it('connects with the api key, hears the reply queue and account topic, and echoes health checks', async () => {
    const { realtime, log } = client(await newSession());
    expect(await realtime.connect()).toBe(true);
    expect(log.status).toEqual(['connecting', 'connected']);

    await server.app.ctx.notifier.toAccounts([accountId], starred('m-1'));
    await server.app.ctx.notifier.toAccountTopics([accountId], dndOff('d-1'));
    await expect.poll(() => (log.notification?.length ?? 0) >= 2, { ...POLL, message: 'two notifications' }).toBe(true);
    expect(log.notification!.map((n) => [n.notifyType, n.dataId, n.source])).toEqual([
      ['MESSAGE_STARRED', 'm-1', 'replyQueue'],
      ['DND_DISABLED', 'd-1', 'account'],
    ]);

    expect(realtime.healthCheck()).toBe(1);
    await expect.poll(() => log.notification!.some((n) => n.notifyType === 'HEALTH_CHECK'), { ...POLL, message: 'health-check echo' }).toBe(true);
    expect(log.notification!.find((n) => n.notifyType === 'HEALTH_CHECK')!.dataId).toBe('1');
    realtime.close();
    expect(log.status!.at(-1)).toBe('closed');
  });

  it('subscribes a room, sends typing to it, hears it, and keeps the room across a reconnect', async () => {
    const room = await server.app.ctx.repos.rooms.create({ roomType: 'MULTIPLE', roomName: 'Ops' });
    await server.app.ctx.repos.members.add(room.id, [Number(accountId)]);
    const roomId = String(room.id);
    const { realtime, log } = client(await newSession());
    realtime.subscribeRoom(roomId); // before connecting: subscribed on connect
    await realtime.connect();
    expect(realtime.sendTopic(roomId, 'TYPING')).toBe(true);
    await expect.poll(() => log.topic?.length === 1, { ...POLL, message: 'the typing signal' }).toBe(true);
    expect(log.topic).toEqual([{ roomId, accountName: 'alice', type: 'TYPING' }]);

    sockets.at(-1)!.terminate();
    await expect.poll(() => log.resynced?.length === 1, { ...POLL, message: 'resynced' }).toBe(true);
    realtime.sendTopic(roomId, 'ONLINE');
    await expect.poll(() => log.topic?.length === 2, { ...POLL, message: 'the online signal after the reconnect' }).toBe(true);
    expect(log.topic![1]!.type).toBe('ONLINE');

    realtime.unsubscribeRoom(roomId);
    await server.app.ctx.notifier.topicMessage(roomId, { roomId, accountName: 'bob', type: 'TYPING' });
    await server.app.ctx.notifier.toAccounts([accountId], starred('marker'));
    await expect.poll(() => log.notification?.some((n) => n.dataId === 'marker') === true, { ...POLL, message: 'the marker' }).toBe(true);
    expect(log.topic).toHaveLength(2); // nothing from the room after unsubscribing
    realtime.close();
  });

  it('after a dropped socket: disconnect(true), reconnect, resubscribe and emit resynced', async () => {
    const { realtime, log } = client(await newSession());
    await realtime.connect();
    sockets.at(-1)!.terminate(); // the network drops: no close handshake, no ERROR frame
    await expect.poll(() => log.resynced?.length === 1, { ...POLL, message: 'resynced' }).toBe(true);
    expect(log.disconnect).toEqual([true]);
    expect(log.status).toEqual(['connecting', 'connected', 'reconnecting', 'connected']);

    await server.app.ctx.notifier.toAccounts([accountId], starred('after'));
    await expect.poll(() => log.notification?.some((n) => n.dataId === 'after') === true, { ...POLL, message: 'a notification after the reconnect' }).toBe(true);
    realtime.close();
  });

  it('a forced logout by another session closes without retrying', async () => {
    const first = client(await newSession());
    const second = client(await newSession());
    await first.realtime.connect();
    await second.realtime.connect();
    expect(second.realtime.logoutOtherSessions()).toBe(true);
    await expect.poll(() => first.log.status?.at(-1) === 'closed', { ...POLL, message: 'the other session closed' }).toBe(true);
    expect(first.log.error).toEqual(['Logged out by another session']);
    expect(first.log.disconnect).toEqual([false]);
    expect(second.realtime.status).toBe('connected');
    second.realtime.close();
  });

  it('refuses a bad api key, retries 3 times, then reports lost', async () => {
    const { realtime, log } = client('not-a-key', 20);
    expect(await realtime.connect()).toBe(false);
    await expect.poll(() => realtime.status === 'lost', { ...POLL, message: 'lost', timeout: 10_000 }).toBe(true);
    expect(log.status).toEqual(['connecting', 'reconnecting', 'lost']);
    expect(sockets.length).toBeGreaterThanOrEqual(4); // the first attempt and 3 tries
    expect(log.disconnect).toBeUndefined(); // never connected, so nothing was lost
  });

  it('stays lost after the tries, then reconnect() connects again, resubscribes and emits resynced', async () => {
    const { realtime, log } = client(await newSession(), 20);
    await realtime.connect();
    expect(realtime.reconnect()).toBe(false); // connected: nothing to do
    outage = true;
    sockets.at(-1)!.terminate();
    await expect.poll(() => realtime.status === 'lost', { ...POLL, message: 'lost after the three tries' }).toBe(true);
    expect(log.status).toEqual(['connecting', 'connected', 'reconnecting', 'lost']);
    expect(log.resynced).toBeUndefined();

    outage = false;
    expect(realtime.reconnect()).toBe(true);
    expect(realtime.reconnect()).toBe(false); // one attempt at a time
    await expect.poll(() => log.resynced?.length === 1, { ...POLL, message: 'resynced after the reconnect' }).toBe(true);
    expect(log.status!.slice(-2)).toEqual(['reconnecting', 'connected']);
    await server.app.ctx.notifier.toAccounts([accountId], starred('back'));
    await expect.poll(() => log.notification?.some((n) => n.dataId === 'back') === true, { ...POLL, message: 'a notification after the reconnect' }).toBe(true);

    // Lost again: the manual reconnect gave back a full set of tries.
    outage = true;
    sockets.at(-1)!.terminate();
    await expect.poll(() => realtime.status === 'lost', { ...POLL, message: 'lost again' }).toBe(true);
    expect(log.status!.slice(-2)).toEqual(['reconnecting', 'lost']);
    outage = false;
    realtime.close();
    expect(realtime.reconnect()).toBe(false); // closed for good
  });

  it('a connection reached only by a retry emits resynced (the first attempt could not load anything live)', async () => {
    outage = true;
    const { realtime, log } = client(await newSession(), 200);
    expect(await realtime.connect()).toBe(false);
    outage = false;
    await expect.poll(() => log.resynced?.length === 1, { ...POLL, message: 'resynced after the first retry' }).toBe(true);
    expect(realtime.status).toBe('connected');
    realtime.close();
  });

  it('gives up an attempt whose handshake hangs, counts it as a try, and connects once the network answers', async () => {
    const silent = net.createServer(() => undefined); // takes the connection, never answers the upgrade
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    blackHole = `ws://127.0.0.1:${(silent.address() as net.AddressInfo).port}/v3/ws`;
    try {
      const { realtime, log } = client(await newSession(), 50, 300);
      const first = realtime.connect();
      await expect.poll(() => log.status?.includes('reconnecting') === true, { ...POLL, message: 'the hung attempt given up' }).toBe(true);
      blackHole = null;
      expect(await first).toBe(false);
      await expect.poll(() => realtime.status === 'connected', { ...POLL, message: 'connected by the next try' }).toBe(true);
      expect(log.resynced).toHaveLength(1);
      realtime.close();
    } finally {
      blackHole = null;
      silent.close();
    }
  });

  it('drops a room the server refuses (removed while away) and connects with the others, instead of retrying it for ever', async () => {
    const { realtime, log } = client(await newSession());
    realtime.subscribeRoom('987654321'); // a room the account is not (or no longer) a member of
    realtime.subscribeRoom('987654322', 'broadcast');
    expect(await realtime.connect()).toBe(false); // refused: the server closes the connection
    await expect.poll(() => realtime.status === 'connected', { ...POLL, message: 'connected without the refused room' }).toBe(true);
    expect(log.error?.[0]).toBe(`not allowed to subscribe to ${roomTopic('987654321')}`);
    expect(log.resynced).toHaveLength(1);
    expect(realtime.sendTopic('987654321', 'ONLINE')).toBe(false); // not sent: it would be refused again
    expect(realtime.status).toBe('connected');
    realtime.close();
  });
});
