/** The STOMP server end to end, with @stomp/stompjs as the real client and raw `ws` for byte-level cases. */
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { Client, type IFrame, type IMessage } from '@stomp/stompjs';
import WebSocket from 'ws';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { membershipAuthoriser } from './authorise.ts';
import { LocalBus, ROOM_ID_HEADER } from './broker.ts';
import { publishRevocation, REVOCATION_DESTINATION } from './revocation.ts';
import { accountTopic, qrTokenTopic, replyQueue, roomTopic } from '../../generated/realtime/index.ts';
import { encodeFrame, FrameDecoder, type StompFrame } from './frames.ts';
import type { AuthenticatedUser, OnClientSend } from './session.ts';
import { attachStompServer, REALTIME_LIMITS, type StompServer, type StompServerOptions } from './stomp-server.ts';

const USERS: Record<string, AuthenticatedUser> = {
  'key-alice': { accountId: '1', loginName: 'alice', sessionId: 'sess-a' },
  'key-bob': { accountId: '2', loginName: 'bob', sessionId: 'sess-b' },
};
const MQ = 'chatsys';

interface Harness {
  bus: LocalBus;
  stomp: StompServer;
  port: number;
  url(path?: string): string;
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function start(overrides: Partial<StompServerOptions> = {}): Promise<Harness> {
  const httpServer: Server = createServer((_req, res) => res.writeHead(404).end());
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const bus = overrides.bus instanceof LocalBus ? overrides.bus : new LocalBus();
  const stomp = attachStompServer({
    httpServer,
    authenticate: (apiKey) => USERS[apiKey] ?? null,
    authorise: membershipAuthoriser({ mqSysName: MQ, isRoomMember: async (a, r) => a === '1' && r === 'r1' }),
    ...overrides,
    bus,
  });
  cleanups.push(async () => {
    await stomp.close();
    httpServer.closeAllConnections();
    await new Promise<void>((resolve) => httpServer.close(() => resolve()));
  });
  const { port } = httpServer.address() as AddressInfo;
  return { bus, stomp, port, url: (path = '/v3/ws') => `ws://127.0.0.1:${port}${path}` };
}

interface StompClientHandle {
  client: Client;
  connected: Promise<IFrame>;
  errors: IFrame[];
  closed: Promise<void>;
}

function stompClient(url: string, headers: Record<string, string>, extra: Partial<ConstructorParameters<typeof Client>[0]> = {}): StompClientHandle {
  const errors: IFrame[] = [];
  let onConnected!: (frame: IFrame) => void;
  let onClosed!: () => void;
  const connected = new Promise<IFrame>((resolve) => (onConnected = resolve));
  const closed = new Promise<void>((resolve) => (onClosed = resolve));
  const client = new Client({
    brokerURL: url,
    webSocketFactory: () => new WebSocket(url, ['v12.stomp', 'v11.stomp', 'v10.stomp']),
    connectHeaders: headers,
    reconnectDelay: 0,
    heartbeatIncoming: 0,
    heartbeatOutgoing: 0,
    onConnect: onConnected,
    onStompError: (frame) => errors.push(frame),
    onWebSocketClose: () => onClosed(),
    ...extra,
  });
  client.activate();
  cleanups.push(() => client.deactivate({ force: true }));
  return { client, connected, errors, closed };
}

function nextMessage(client: Client, destination: string, headers: Record<string, string> = {}): Promise<IMessage> {
  return new Promise((resolve) => client.subscribe(destination, resolve, headers));
}

function receipt(client: Client, id: string): Promise<IFrame> {
  return new Promise((resolve) => client.watchForReceipt(id, resolve));
}

/** A bare WebSocket speaking STOMP bytes, to test what stompjs would never send. */
async function rawClient(url: string): Promise<{ ws: WebSocket; items: Array<StompFrame | 'heartbeat'>; closed: Promise<number>; next(command: string): Promise<StompFrame> }> {
  const ws = new WebSocket(url, ['v12.stomp']);
  const decoder = new FrameDecoder();
  const items: Array<StompFrame | 'heartbeat'> = [];
  const waiters: Array<() => void> = [];
  ws.on('message', (data: Buffer) => {
    for (const item of decoder.push(data)) items.push(item.kind === 'frame' ? item.frame : 'heartbeat');
    waiters.splice(0).forEach((wake) => wake());
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  cleanups.push(async () => ws.terminate());
  let consumed = 0;
  return {
    ws,
    items,
    closed,
    async next(command) {
      for (;;) {
        while (consumed < items.length) {
          const item = items[consumed++];
          if (item !== 'heartbeat' && item?.command === command) return item;
        }
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
  };
}

const bodyOf = (frame: StompFrame): string => Buffer.from(frame.body).toString('utf8');

describe('/v3/ws with @stomp/stompjs', () => {
  it('connects with a good Api-Key, subscribes to its own queue and receives a published message', async () => {
    const h = await start();
    const alice = stompClient(h.url(), { 'Api-Key': 'key-alice' });
    const connected = await alice.connected;
    expect(connected.headers.version).toBe('1.2');
    expect(connected.headers.session).toMatch(/^[0-9a-f]{32}$/);
    const queue = replyQueue(MQ, 1);
    const message = nextMessage(alice.client, queue, { receipt: 'sub-1' });
    await receipt(alice.client, 'sub-1');
    const notification = { notifyType: 'NEW_MESSAGE', senderId: '2', dataId: 'm1', roomId: 'r1' };
    await h.bus.publish(queue, JSON.stringify(notification), { 'x-trace': 't1' });
    const got = await message;
    expect(JSON.parse(got.body)).toEqual(notification);
    expect(got.headers).toMatchObject({
      destination: queue,
      'content-type': 'application/json',
      'x-trace': 't1',
    });
    expect(got.headers['message-id']).toBeTruthy();
    expect(got.headers.subscription).toBeTruthy();
    expect(h.stomp.sessions().map((s) => s.user?.accountId)).toEqual(['1']);
  });

  it('refuses a bad Api-Key with an ERROR frame and closes', async () => {
    const h = await start();
    const bad = stompClient(h.url(), { 'Api-Key': 'nope' });
    await bad.closed;
    expect(bad.errors[0]?.headers.message).toMatch(/Api-Key/);
    expect(bad.client.connected).toBe(false);
  });

  it('refuses a CONNECT without an Api-Key', async () => {
    const h = await start();
    const none = stompClient(h.url(), {});
    await none.closed;
    expect(none.errors[0]?.headers.message).toBe('Api-Key header required');
  });

  it("answers a SUBSCRIBE to another account's queue with an ERROR and delivers nothing", async () => {
    const h = await start();
    const alice = stompClient(h.url(), { 'Api-Key': 'key-alice' });
    await alice.connected;
    const bobQueue = replyQueue(MQ, 2);
    const delivered: IMessage[] = [];
    alice.client.subscribe(bobQueue, (m) => delivered.push(m));
    await alice.closed;
    await h.bus.publish(bobQueue, '{"secret":true}');
    expect(alice.errors[0]?.headers.message).toBe(`not allowed to subscribe to ${bobQueue}`);
    expect(delivered).toEqual([]);
    expect(h.bus.destinations()).toEqual([REVOCATION_DESTINATION]);
  });

  it('subscribes to a room it belongs to and not to one it does not', async () => {
    const h = await start();
    const alice = stompClient(h.url(), { 'Api-Key': 'key-alice' });
    await alice.connected;
    const message = nextMessage(alice.client, roomTopic('r1'), { receipt: 'r' });
    await receipt(alice.client, 'r');
    await h.bus.publish(roomTopic('r1'), '{"roomId":"r1","accountName":"bob","type":"TYPING"}');
    expect(JSON.parse((await message).body)).toMatchObject({ type: 'TYPING' });
    alice.client.subscribe(roomTopic('r2'), () => undefined);
    await alice.closed;
    expect(alice.errors[0]?.headers.message).toMatch(/room\.r2/);
  });

  it('relays a SEND to the onClientSend hook, which decides what to publish', async () => {
    const seen: Array<{ accountId: string; destination: string; body: string }> = [];
    const bus = new LocalBus();
    const onClientSend: OnClientSend = async (session, destination, body) => {
      seen.push({ accountId: session.user.accountId, destination, body });
      // e.g. a typing signal is re-published to the room topic by the server, with the sender named
      await bus.publish(destination, JSON.stringify({ ...JSON.parse(body), accountName: session.user.loginName }));
      return true;
    };
    const h = await start({ onClientSend, bus });
    const alice = stompClient(h.url(), { 'Api-Key': 'key-alice' });
    await alice.connected;
    const room = roomTopic('r1');
    const echoed = nextMessage(alice.client, room, { receipt: 's' });
    await receipt(alice.client, 's');
    const sent = receipt(alice.client, 'send-1');
    alice.client.publish({ destination: room, body: '{"roomId":"r1","type":"TYPING"}', headers: { receipt: 'send-1' } });
    await sent;
    expect(seen).toEqual([{ accountId: '1', destination: room, body: '{"roomId":"r1","type":"TYPING"}' }]);
    expect(JSON.parse((await echoed).body)).toEqual({ roomId: 'r1', type: 'TYPING', accountName: 'alice' });
  });

  it('answers a SEND the hook refuses with an ERROR', async () => {
    const h = await start({ onClientSend: () => false });
    const alice = stompClient(h.url(), { 'Api-Key': 'key-alice' });
    await alice.connected;
    alice.client.publish({ destination: roomTopic('r9'), body: '{}' });
    await alice.closed;
    expect(alice.errors[0]?.headers.message).toMatch(/refused/);
  });

  it('negotiates heart-beats: offers its own, and both sides keep the connection alive', async () => {
    const serverLog: string[] = [];
    const h = await start({ heartbeat: { outgoingMs: 40, incomingMs: 100 }, log: (event) => serverLog.push(event) });
    let received = 0;
    let sent = 0;
    // The client beats every max(30, 100) ms, the server every max(40, 150) ms. Each side allows a few intervals
    // of silence (the server 3 × 100 ms, stompjs 2 × 150 ms): wide enough that a busy machine does not break it.
    const alice = stompClient(h.url(), { 'Api-Key': 'key-alice' }, {
      heartbeatIncoming: 150,
      heartbeatOutgoing: 30,
      debug: (line) => {
        if (line === '<<< PONG') received += 1;
        if (line === '>>> PING') sent += 1;
      },
    });
    const connected = await alice.connected;
    expect(connected.headers['heart-beat']).toBe('40,100');
    // Four server beats are at least 4 × 150 ms: past what either side allows to pass in silence, so the
    // connection outlives them only because both sides beat.
    await vi.waitFor(() => expect(Math.min(received, sent)).toBeGreaterThanOrEqual(4), { timeout: 10_000, interval: 20 });
    expect(alice.client.connected).toBe(true);
    expect(alice.errors).toEqual([]);
    expect(serverLog).not.toContain('heartbeat-timeout');
  });

  it('forced logout: kick by account closes that account\'s sockets only', async () => {
    const h = await start();
    const alice = stompClient(h.url(), { 'Api-Key': 'key-alice' });
    const bob = stompClient(h.url(), { 'Api-Key': 'key-bob' });
    await Promise.all([alice.connected, bob.connected]);
    expect(h.stomp.kick({ accountId: '1' }, 'Logged out by another session')).toBe(1);
    await alice.closed;
    expect(alice.errors[0]?.headers.message).toBe('Logged out by another session');
    expect(bob.client.connected).toBe(true);
    expect(h.stomp.kick({ sessionId: 'sess-b' })).toBe(1);
    await bob.closed;
  });
});

describe('/v3/wslogin', () => {
  it('needs no key and delivers QR token topics', async () => {
    const h = await start();
    const login = stompClient(h.url('/v3/wslogin'), {});
    await login.connected;
    const topic = qrTokenTopic('tok-1');
    const message = nextMessage(login.client, topic, { receipt: 'q' });
    await receipt(login.client, 'q');
    await h.bus.publish(topic, '{"notifyType":"AUTHENTICATION_OTP","dataId":"otp"}');
    expect(JSON.parse((await message).body)).toMatchObject({ dataId: 'otp' });
  });

  it('refuses any other destination and any SEND', async () => {
    const h = await start({ onClientSend: () => true });
    const login = stompClient(h.url('/v3/wslogin'), {});
    await login.connected;
    login.client.subscribe(replyQueue(MQ, 1), () => undefined);
    await login.closed;
    expect(login.errors[0]?.headers.message).toMatch(/not allowed/);

    const again = stompClient(h.url('/v3/wslogin'), {});
    await again.connected;
    again.client.publish({ destination: roomTopic('r1'), body: '{}' });
    await again.closed;
    expect(again.errors[0]?.headers.message).toMatch(/SEND is not accepted/);
  });
});

describe('byte level, with a raw WebSocket', () => {
  it('closes the socket after an ERROR whose message is long in UTF-8 (a close reason holds at most 123 bytes)', async () => {
    const logged: string[] = [];
    const h = await start({ log: (event) => logged.push(event) });
    const raw = await rawClient(h.url());
    raw.ws.send('CONNECT\naccept-version:1.2\nApi-Key:key-alice\n\n\0');
    await raw.next('CONNECTED');
    // The refusal names the destination the client asked for: 100 characters of 3 bytes each.
    const destination = roomTopic('房'.repeat(100));
    raw.ws.send(encodeFrame('SUBSCRIBE', { id: 'x', destination }));
    expect((await raw.next('ERROR')).headers.message).toBe(`not allowed to subscribe to ${destination}`);
    expect(await raw.closed).toBe(1008);
    expect(logged).not.toContain('frame-handler-error');
  });

  it('reassembles a CONNECT split across messages and handles several frames in one message', async () => {
    const h = await start();
    const raw = await rawClient(h.url());
    const connect = encodeFrame('CONNECT', { 'accept-version': '1.1,1.2', host: 'x', 'Api-Key': 'key-alice' });
    raw.ws.send(connect.subarray(0, 10));
    raw.ws.send(connect.subarray(10));
    expect((await raw.next('CONNECTED')).headers.version).toBe('1.2');
    raw.ws.send(
      Buffer.concat([
        encodeFrame('SUBSCRIBE', { id: 'a', destination: replyQueue(MQ, 1), receipt: '1' }),
        Buffer.from('\n'),
        encodeFrame('SUBSCRIBE', { id: 'b', destination: accountTopic(1), receipt: '2' }),
      ]),
    );
    expect((await raw.next('RECEIPT')).headers['receipt-id']).toBe('1');
    expect((await raw.next('RECEIPT')).headers['receipt-id']).toBe('2');
    await h.bus.publish(accountTopic(1), '{"n":"値:1"}');
    const message = await raw.next('MESSAGE');
    expect(message.headers).toMatchObject({ subscription: 'b', destination: accountTopic(1), 'content-type': 'application/json' });
    expect(bodyOf(message)).toBe('{"n":"値:1"}');
  });

  it('answers a malformed frame with an ERROR, closes, and keeps serving others', async () => {
    const h = await start();
    const raw = await rawClient(h.url());
    raw.ws.send('CONNECT\naccept-version:1.2\nApi-Key:key-alice\n\n\0');
    await raw.next('CONNECTED');
    raw.ws.send('SEND\ndestination:bad\\escape\n\n\0');
    expect((await raw.next('ERROR')).headers.message).toMatch(/escape/);
    expect(await raw.closed).toBe(1002);
    const other = await rawClient(h.url());
    other.ws.send('FOO\n\n\0');
    expect((await other.next('ERROR')).headers.message).toMatch(/unknown command/);
    const healthy = stompClient(h.url(), { 'Api-Key': 'key-bob' });
    await healthy.connected;
  });

  it('refuses a frame larger than the limit', async () => {
    const h = await start({ limits: { maxBodyBytes: 1024 } });
    const raw = await rawClient(h.url());
    raw.ws.send('CONNECT\naccept-version:1.2\nApi-Key:key-alice\n\n\0');
    await raw.next('CONNECTED');
    raw.ws.send(encodeFrame('SEND', { destination: roomTopic('r1') }, 'x'.repeat(2048)));
    expect((await raw.next('ERROR')).headers.message).toMatch(/too large/);
  });

  it('refuses a client that does not speak 1.2', async () => {
    const h = await start();
    const raw = await rawClient(h.url());
    raw.ws.send('CONNECT\naccept-version:1.0,1.1\nApi-Key:key-alice\n\n\0');
    const error = await raw.next('ERROR');
    expect(error.headers).toMatchObject({ version: '1.2', message: 'Supported protocol versions are 1.2' });
  });

  it('requires CONNECT first', async () => {
    const h = await start();
    const raw = await rawClient(h.url());
    raw.ws.send(encodeFrame('SUBSCRIBE', { id: '1', destination: replyQueue(MQ, 1) }));
    expect((await raw.next('ERROR')).headers.message).toBe('expected CONNECT, got SUBSCRIBE');
  });

  it('sends EOL heart-beats at the negotiated rate', async () => {
    const h = await start({ heartbeat: { outgoingMs: 30, incomingMs: 0 } });
    const raw = await rawClient(h.url());
    const asked = Date.now();
    raw.ws.send('CONNECT\naccept-version:1.2\nApi-Key:key-alice\nheart-beat:0,50\n\n\0');
    expect((await raw.next('CONNECTED')).headers['heart-beat']).toBe('30,0');
    // A 50 ms clock of the test's own, in this process as the server is: a busy machine delays its ticks as much
    // as the server's beats, so comparing the two does not depend on the load.
    let ticks = 0;
    const clock = setInterval(() => (ticks += 1), 50);
    cleanups.push(async () => clearInterval(clock));
    const beats = () => raw.items.filter((i) => i === 'heartbeat').length;
    await vi.waitFor(() => expect(beats()).toBeGreaterThanOrEqual(6), { timeout: 10_000, interval: 10 });
    const elapsed = Date.now() - asked;
    const ticked = ticks;
    // max(30, 50) = 50 ms: six beats cannot come sooner than 6 × 50 ms after the CONNECT (at the server's own
    // 30 ms they would in 180); a busy machine only makes them later. A timer may fire up to 1 ms early.
    expect(elapsed).toBeGreaterThanOrEqual(6 * 49);
    // And they keep coming at about that rate, not at some slower one: six beats within twice the clock's ticks.
    expect(ticked).toBeLessThanOrEqual(6 * 2);
  });

  it('drops a connection after 3 missed client heart-beats, not before', async () => {
    // The server beats every 25 ms and the client answers each beat at once; the server allows 3 × 100 ms of
    // silence from the client. The client's beats are paced by the server's, never by the test's clock.
    const h = await start({ heartbeat: { outgoingMs: 25, incomingMs: 100 } });
    const raw = await rawClient(h.url());
    let answering = true;
    let serverBeats = 0;
    let lastAnswer = 0;
    raw.ws.on('message', (data: Buffer) => {
      if (data.length !== 1 || data[0] !== 0x0a) return;
      serverBeats += 1;
      if (!answering) return;
      raw.ws.send('\n');
      lastAnswer = Date.now();
    });
    raw.ws.send('CONNECT\naccept-version:1.2\nApi-Key:key-alice\nheart-beat:100,25\n\n\0');
    expect((await raw.next('CONNECTED')).headers['heart-beat']).toBe('25,100');
    // Sixteen server beats are at least 400 ms: past the 300 ms of allowed silence, so only the answers kept it open.
    await vi.waitFor(() => expect(serverBeats).toBeGreaterThanOrEqual(16), { timeout: 10_000, interval: 10 });
    expect(raw.ws.readyState).toBe(WebSocket.OPEN);
    answering = false;
    await raw.closed;
    const silence = Date.now() - lastAnswer;
    expect(silence).toBeGreaterThanOrEqual(300);
    // Checked every 100 ms: closed soon after the third missed beat (room left for a busy machine).
    expect(silence).toBeLessThan(1500);
  });

  it('DISCONNECT with a receipt gets the RECEIPT, then a normal close', async () => {
    const h = await start();
    const raw = await rawClient(h.url());
    raw.ws.send('CONNECT\naccept-version:1.2\nApi-Key:key-alice\n\n\0');
    await raw.next('CONNECTED');
    raw.ws.send('DISCONNECT\nreceipt:77\n\n\0');
    expect((await raw.next('RECEIPT')).headers['receipt-id']).toBe('77');
    expect(await raw.closed).toBe(1000);
  });

  it('UNSUBSCRIBE stops delivery', async () => {
    const h = await start();
    const raw = await rawClient(h.url());
    raw.ws.send('CONNECT\naccept-version:1.2\nApi-Key:key-alice\n\n\0');
    await raw.next('CONNECTED');
    raw.ws.send(encodeFrame('SUBSCRIBE', { id: 's', destination: accountTopic(1), receipt: '1' }));
    await raw.next('RECEIPT');
    raw.ws.send(encodeFrame('UNSUBSCRIBE', { id: 's', receipt: '2' }));
    await raw.next('RECEIPT');
    await h.bus.publish(accountTopic(1), '{"n":1}');
    expect(h.bus.destinations()).toEqual([REVOCATION_DESTINATION]);
    // A later message on a subscribed queue comes through the same socket after anything the first would have sent.
    raw.ws.send(encodeFrame('SUBSCRIBE', { id: 'q', destination: replyQueue(MQ, 1), receipt: '3' }));
    await raw.next('RECEIPT');
    await h.bus.publish(replyQueue(MQ, 1), '{"n":2}');
    const first = await raw.next('MESSAGE');
    expect(first.headers.destination).toBe(replyQueue(MQ, 1));
    expect(bodyOf(first)).toBe('{"n":2}');
  });

  it('answers upgrades on other paths with 404', async () => {
    const h = await start();
    const ws = new WebSocket(h.url('/elsewhere'));
    const status = await new Promise<number | undefined>((resolve) => {
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode));
      ws.on('error', () => resolve(undefined));
    });
    expect(status).toBe(404);
  });

  it('answers an upgrade whose path is no URL path (GET //) with 404, and goes on serving', async () => {
    const h = await start();
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(h.port, '127.0.0.1', () => {
        socket.write(
          'GET // HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
            'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
        );
      });
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString('latin1')));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 404 Not Found');
    const alice = stompClient(h.url(), { 'Api-Key': 'key-alice' });
    expect((await alice.connected).headers.version).toBe('1.2');
  });

  it('survives an authorise hook that throws: refusal, not a crash', async () => {
    const h = await start({
      authorise: () => {
        throw new Error('store down');
      },
    });
    const alice = stompClient(h.url(), { 'Api-Key': 'key-alice' });
    await alice.connected;
    alice.client.subscribe(accountTopic(1), () => undefined);
    await alice.closed;
    expect(alice.errors[0]?.headers.message).toMatch(/not allowed/);
  });
});

describe('back-pressure: the fast sender is slowed, the slow consumer dropped', () => {
  it('stops reading a sender whose frames queue up instead of closing it, and handles every frame in order', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const handled: string[] = [];
    const h = await start({
      maxQueuedFrames: 4,
      onClientSend: async (_session, _destination, body) => {
        await gate; // a slow hook (the store under load): frames queue up behind the first
        handled.push(body);
        return true;
      },
    });
    const raw = await rawClient(h.url());
    raw.ws.send(encodeFrame('CONNECT', { 'accept-version': '1.2', host: 'x', 'Api-Key': 'key-alice' }));
    await raw.next('CONNECTED');
    const sends = Array.from({ length: 60 }, (_, i) => String(i));
    for (const n of sends) raw.ws.send(encodeFrame('SEND', { destination: roomTopic('r1'), receipt: n }, n));
    release();
    for (const n of sends) expect((await raw.next('RECEIPT')).headers['receipt-id']).toBe(n);
    expect(handled).toEqual(sends);
    expect(raw.items.filter((item) => item !== 'heartbeat' && item.command === 'ERROR')).toEqual([]);
    expect(raw.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('drops a consumer that does not read once its outbox is full; the sender and other listeners go on', async () => {
    const bus = new LocalBus();
    const onClientSend: OnClientSend = async (_session, destination, body) => {
      await bus.publish(destination, body);
      return true;
    };
    let dropped!: () => void;
    const slowDropped = new Promise<void>((resolve) => (dropped = resolve));
    const log = (event: string) => event === 'slow-consumer' && dropped();
    const h = await start({ bus, onClientSend, maxOutgoingBufferBytes: 1024 * 1024, log });
    const room = roomTopic('r1');
    const subscribe = async () => {
      const raw = await rawClient(h.url());
      raw.ws.send(encodeFrame('CONNECT', { 'accept-version': '1.2', host: 'x', 'Api-Key': 'key-alice' }));
      await raw.next('CONNECTED');
      raw.ws.send(encodeFrame('SUBSCRIBE', { id: 's', destination: room, receipt: 'sub' }));
      await raw.next('RECEIPT');
      return raw;
    };
    const slow = await subscribe();
    const reader = await subscribe();
    slow.ws.pause(); // reads nothing more: the server's socket buffer for it fills
    const sender = stompClient(h.url(), { 'Api-Key': 'key-alice' });
    await sender.connected;
    const body = JSON.stringify({ pad: 'x'.repeat(32 * 1024) });
    const count = 320; // 10 MiB: more than the limit plus the kernel buffers between the two sockets (about 4.3 MiB)
    // The reader reads as it goes, in steps of 8 frames: it shares this process with the server, so an unbounded
    // burst could leave even a reading listener a megabyte behind on a busy machine.
    const step = 8;
    let delivered = 0;
    for (let sent = 0; sent < count; sent += step) {
      for (let i = sent; i < sent + step; i++) sender.client.publish({ destination: room, body, headers: { receipt: `m${i}` } });
      for (; delivered < sent + step; delivered++) await reader.next('MESSAGE');
    }
    await receipt(sender.client, `m${count - 1}`);
    await slowDropped;
    expect(h.stomp.connectionCount).toBe(2); // the sender and the reader
    expect(sender.errors).toEqual([]);
    expect(sender.client.connected).toBe(true);
  });
});

describe('caps against subscription amplification (issue 9, finding 6)', () => {
  /** A raw connection of alice, CONNECTED. */
  async function connectedAlice(h: Harness) {
    const raw = await rawClient(h.url());
    raw.ws.send(encodeFrame('CONNECT', { 'accept-version': '1.2', 'Api-Key': 'key-alice' }));
    await raw.next('CONNECTED');
    return raw;
  }

  it('refuses a second subscription to the same destination on one connection, so one message is one frame', async () => {
    const h = await start();
    const raw = await connectedAlice(h);
    const room = roomTopic('r1');
    raw.ws.send(encodeFrame('SUBSCRIBE', { id: 'a', destination: room, receipt: '1' }));
    await raw.next('RECEIPT');
    raw.ws.send(encodeFrame('SUBSCRIBE', { id: 'b', destination: room, receipt: '2' }));
    const error = await raw.next('ERROR');
    expect(error.headers.message).toBe(`already subscribed to ${room} on this connection`);
    expect(await raw.closed).toBe(1008);
    await vi.waitFor(() => expect(h.bus.destinations()).toEqual([REVOCATION_DESTINATION])); // the server side closes after the client sees it
  });

  it('a destination unsubscribed may be subscribed again', async () => {
    const h = await start();
    const raw = await connectedAlice(h);
    const room = roomTopic('r1');
    raw.ws.send(encodeFrame('SUBSCRIBE', { id: 'a', destination: room, receipt: '1' }));
    raw.ws.send(encodeFrame('UNSUBSCRIBE', { id: 'a', receipt: '2' }));
    raw.ws.send(encodeFrame('SUBSCRIBE', { id: 'b', destination: room, receipt: '3' }));
    for (const id of ['1', '2', '3']) expect((await raw.next('RECEIPT')).headers['receipt-id']).toBe(id);
    await h.bus.publish(room, '{"type":"TYPING"}');
    expect((await raw.next('MESSAGE')).headers.subscription).toBe('b');
  });

  it('caps subscriptions per connection with a clear ERROR', async () => {
    const h = await start({ maxSubscriptions: 2, authorise: () => true });
    const raw = await connectedAlice(h);
    raw.ws.send(encodeFrame('SUBSCRIBE', { id: 'a', destination: accountTopic(1), receipt: '1' }));
    raw.ws.send(encodeFrame('SUBSCRIBE', { id: 'b', destination: replyQueue(MQ, 1), receipt: '2' }));
    raw.ws.send(encodeFrame('SUBSCRIBE', { id: 'c', destination: roomTopic('r1'), receipt: '3' }));
    await raw.next('RECEIPT');
    await raw.next('RECEIPT');
    expect((await raw.next('ERROR')).headers.message).toBe('too many subscriptions: at most 2 on one connection');
  });

  it('the default cap is 100 subscriptions per connection', async () => {
    const h = await start({ authorise: () => true });
    const raw = await connectedAlice(h);
    const frames = Array.from({ length: 101 }, (_, i) => encodeFrame('SUBSCRIBE', { id: `s${i}`, destination: roomTopic(`r${i}`) }));
    raw.ws.send(Buffer.concat(frames));
    expect((await raw.next('ERROR')).headers.message).toBe('too many subscriptions: at most 100 on one connection');
    await raw.closed;
    await vi.waitFor(() => expect(h.bus.destinations()).toEqual([REVOCATION_DESTINATION])); // the server side closes after the client sees it
  });

  it('caps connections per session: the ninth socket of one session is refused, another session is not', async () => {
    const h = await start();
    const open = [];
    for (let i = 0; i < 8; i += 1) open.push(await connectedAlice(h));
    const ninth = await rawClient(h.url());
    ninth.ws.send(encodeFrame('CONNECT', { 'accept-version': '1.2', 'Api-Key': 'key-alice' }));
    expect((await ninth.next('ERROR')).headers.message).toBe('too many connections: at most 8 for one session');
    expect(await ninth.closed).toBe(1008);
    const bob = stompClient(h.url(), { 'Api-Key': 'key-bob' });
    await bob.connected;
    // A closed socket frees its place.
    open[0]?.ws.close();
    await open[0]?.closed;
    const again = await connectedAlice(h);
    expect(again.ws.readyState).toBe(WebSocket.OPEN);
  });
});

describe('connections of one account', () => {
  it('caps them over all its sessions: the 33rd socket of one account is refused, even from a new login', async () => {
    // Logins of one account (a script that logs in again and again), each under its session's own cap of 8.
    const logins = (i: number): AuthenticatedUser => ({ accountId: '7', loginName: 'many', sessionId: `login-${i}` });
    const h = await start({ authenticate: (apiKey) => (apiKey.startsWith('login-') ? logins(Number(apiKey.slice(6))) : (USERS[apiKey] ?? null)) });
    const open = [];
    for (let i = 0; i < 32; i += 1) {
      const raw = await rawClient(h.url());
      raw.ws.send(encodeFrame('CONNECT', { 'accept-version': '1.2', 'Api-Key': `login-${Math.floor(i / 8)}` }));
      await raw.next('CONNECTED');
      open.push(raw);
    }
    const extra = await rawClient(h.url());
    extra.ws.send(encodeFrame('CONNECT', { 'accept-version': '1.2', 'Api-Key': 'login-4' }));
    expect((await extra.next('ERROR')).headers.message).toBe(`too many connections: at most ${REALTIME_LIMITS.maxConnectionsPerAccount} for one account`);
    expect(await extra.closed).toBe(1008);
    // Another account is not affected.
    const bob = stompClient(h.url(), { 'Api-Key': 'key-bob' });
    await bob.connected;
  });
});

describe('revocations travel on the bus, so every server process applies them (issue 9, finding 1)', () => {
  it("a removal ends the account's room subscriptions on every process; a session revocation closes its sockets everywhere", async () => {
    const bus = new LocalBus(); // stands for the cross-process bus: two servers, one bus
    const one = await start({ bus });
    const two = await start({ bus });
    const alice1 = stompClient(one.url(), { 'Api-Key': 'key-alice' });
    const alice2 = stompClient(two.url(), { 'Api-Key': 'key-alice' });
    await Promise.all([alice1.connected, alice2.connected]);
    const room = roomTopic('r1');
    const got: string[] = [];
    for (const [name, handle] of [['one', alice1], ['two', alice2]] as const) {
      handle.client.subscribe(room, (m) => got.push(`${name}:${m.body}`), { receipt: `sub-${name}` });
      await receipt(handle.client, `sub-${name}`);
    }
    const queue = replyQueue(MQ, 1);
    const queued = nextMessage(alice2.client, queue, { receipt: 'q' });
    await receipt(alice2.client, 'q');

    await publishRevocation(bus, { kind: 'room-member', roomId: 'r1', accountId: '1' });
    await bus.publish(room, '{"type":"TYPING"}');
    await bus.publish(queue, '{"late":"about r1"}', { [ROOM_ID_HEADER]: 'r1' }); // dropped: about the revoked room
    await bus.publish(queue, '{"witness":true}');
    expect(JSON.parse((await queued).body)).toEqual({ witness: true });
    expect(got).toEqual([]);
    expect(bus.destinations()).not.toContain(room);
    expect(alice1.client.connected && alice2.client.connected).toBe(true); // only the subscriptions ended

    await publishRevocation(bus, { kind: 'session', sessionId: 'sess-a', message: 'Remote wipe' });
    await Promise.all([alice1.closed, alice2.closed]);
    expect([alice1.errors[0]?.headers.message, alice2.errors[0]?.headers.message]).toEqual(['Remote wipe', 'Remote wipe']);
  });

  it('no client may subscribe to the revocation channel', async () => {
    const h = await start({ authorise: () => true });
    const alice = stompClient(h.url(), { 'Api-Key': 'key-alice' });
    await alice.connected;
    alice.client.subscribe(REVOCATION_DESTINATION, () => undefined);
    await alice.closed;
    expect(alice.errors[0]?.headers.message).toMatch(/not allowed|unknown/);
  });
});
