// Heart-beats on a busy machine: the client and the reference STOMP server in this process, beating every 100 ms
// and allowing 3 beats of silence. Blocking the process for over a second starves both sides' timers (Node runs
// due timers before it reads the sockets, as a busy page runs a late timer before the frames queued meanwhile):
// neither side may take that for a lost connection. A peer that really goes silent still is one.
import { createServer, type Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import type { IStompSocket } from '@stomp/stompjs';
import WebSocket from 'ws';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { membershipAuthoriser } from '../../server/realtime/authorise.ts';
import { LocalBus } from '../../server/realtime/broker.ts';
import { attachStompServer } from '../../server/realtime/stomp-server.ts';
import { RealtimeClient, type RealtimeEvents } from '../../src/core/realtime/realtime-client.ts';
import { ReconnectPolicy } from '../../src/core/realtime/reconnect-policy.ts';

const MQ = 'chatsys';
const BEAT_MS = 100;
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function stompServer(log: string[]): Promise<number> {
  const httpServer: Server = createServer((_req, res) => res.writeHead(404).end());
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const stomp = attachStompServer({
    httpServer,
    bus: new LocalBus(),
    authenticate: (apiKey) => (apiKey === 'key-alice' ? { accountId: '1', loginName: 'alice', sessionId: 'sess-a' } : null),
    authorise: membershipAuthoriser({ mqSysName: MQ, isRoomMember: async () => false }),
    heartbeat: { outgoingMs: BEAT_MS, incomingMs: BEAT_MS },
    missedHeartbeats: 3,
    log: (event) => log.push(event),
  });
  cleanups.push(async () => {
    await stomp.close();
    httpServer.closeAllConnections();
    await new Promise<void>((resolve) => httpServer.close(() => resolve()));
  });
  return (httpServer.address() as AddressInfo).port;
}

/**
 * A TCP relay to `port` that can be frozen: from then on nothing passes either way, as on a dead network. `passed`
 * counts the chunks relayed each way (a beat is a chunk of its own when nothing else is sent).
 */
async function relay(port: number): Promise<{ port: number; freeze(): void; passed: { up: number; down: number } }> {
  let frozen = false;
  const passed = { up: 0, down: 0 };
  const sockets: net.Socket[] = [];
  const server = net.createServer((inbound) => {
    const outbound = net.connect(port, '127.0.0.1');
    sockets.push(inbound, outbound);
    inbound.on('data', (chunk) => frozen || (passed.up++, outbound.write(chunk)));
    outbound.on('data', (chunk) => frozen || (passed.down++, inbound.write(chunk)));
    inbound.on('error', () => outbound.destroy());
    outbound.on('error', () => inbound.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => {
    for (const socket of sockets) socket.destroy();
    server.close();
  });
  return { port: (server.address() as AddressInfo).port, freeze: () => (frozen = true), passed };
}

function realtimeClient(port: number) {
  const realtime = new RealtimeClient({
    wsBase: `ws://127.0.0.1:${port}`,
    apiKey: 'key-alice',
    mqSysName: MQ,
    accountId: '1',
    accountName: 'alice',
    webSocketFactory: (url, protocols) => new WebSocket(url, protocols) as unknown as IStompSocket,
    heartbeatIncomingMs: BEAT_MS,
    heartbeatOutgoingMs: BEAT_MS,
    reconnect: new ReconnectPolicy({ intervalMs: 60_000, maxTries: 1 }),
  });
  cleanups.push(() => realtime.close());
  const disconnects: RealtimeEvents['disconnect'][] = [];
  realtime.on('disconnect', (lost) => disconnects.push(lost));
  return { realtime, disconnects };
}

/** Keeps the whole process busy, as a machine running the test suite can keep a page or the server. */
function starve(ms: number): void {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    // busy: no timer, no socket read
  }
}

describe('heart-beats on a busy machine', () => {
  it('a process starved for ten beats keeps its connection: neither side counts the late check as silence', async () => {
    const serverLog: string[] = [];
    const network = await relay(await stompServer(serverLog));
    const { realtime, disconnects } = realtimeClient(network.port);
    expect(await realtime.connect()).toBe(true);

    starve(BEAT_MS * 12);
    // Beats flow again: ten more each way, each side checking its silence in between (however slow the machine).
    const after = { ...network.passed };
    await vi.waitFor(
      () => {
        expect(network.passed.up - after.up).toBeGreaterThanOrEqual(10);
        expect(network.passed.down - after.down).toBeGreaterThanOrEqual(10);
      },
      { timeout: 20_000, interval: 20 },
    );

    expect(disconnects).toEqual([]);
    expect(realtime.status).toBe('connected');
    expect(serverLog).not.toContain('heartbeat-timeout');
  });

  it('a server gone silent (nothing passes any more) is still a lost connection after a few beats', async () => {
    const port = await stompServer([]);
    const network = await relay(port);
    const { realtime, disconnects } = realtimeClient(network.port);
    expect(await realtime.connect()).toBe(true);

    network.freeze();
    await vi.waitFor(() => expect(disconnects).toEqual([true]), { timeout: 10_000, interval: 20 });
    expect(realtime.status).toBe('reconnecting');
  });
});
