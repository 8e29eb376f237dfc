/**
 * Fan-out (issue 11): one publisher sends R frames/s for D seconds to a topic with L subscribers, on our broker
 * (the reference server's room topic, a member's TYPING relayed to every member; embedded store, one process)
 * and on RabbitMQ's own STOMP over WebSocket (rabbitmq_web_stomp, ws://127.0.0.1:15674/ws, guest) with the same
 * pattern, one after the other in one run. Prints delivered ratio and p50/p99 publish-to-frame per listener
 * count, with our figure's ratio to RabbitMQ's. RabbitMQ passes the body through, so its frames are matched to
 * their send by a sequence number; our relay rebuilds the body, so there the k-th frame a listener receives is
 * matched to the k-th send (one publisher, ordered stream; a lost frame would shift the latencies after it).
 *
 *   node --import tsx scripts/bench/fanout.bench.ts [--listeners 100,500,1000] [--rate 100] [--duration 10]
 *        [--rabbit-ws ws://127.0.0.1:15674/ws]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { generateRsaKeyPair } from '../../server/crypto/rsa.ts';
import { hashPassword } from '../../server/identity/passwords.ts';
import { openEmbeddedDatabase } from '../../server/store/embedded.ts';
import { migrate } from '../../server/store/migrate.ts';
import { repos } from '../../server/store/repos/index.ts';
import { signIn } from '../../tests/support/node-transport.ts';
import { connectStomp, type BenchStomp, type StompFrameIn } from './realtime-load-stomp.ts';

const { values: args } = parseArgs({
  options: {
    listeners: { type: 'string', default: '100,500,1000' },
    rate: { type: 'string', default: '100' },
    duration: { type: 'string', default: '10' },
    'rabbit-ws': { type: 'string', default: 'ws://127.0.0.1:15674/ws' },
  },
});
const LISTENER_COUNTS = args.listeners.split(',').map(Number);
const RATE = Number(args.rate);
const DURATION_S = Number(args.duration);
const DRAIN_MS = 10_000;
const PASSWORD = 'Passw0rd!';

interface Result {
  delivered: number;
  p50: number;
  p99: number;
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** Subscribes `listeners`, publishes at RATE for DURATION_S, drains; latency of the k-th frame to the k-th send. */
async function measure(
  listeners: { wsUrl: string; key: string }[],
  destination: string,
  publisher: BenchStomp,
  body: (seq: number) => string,
): Promise<Result> {
  const sentAt: number[] = [];
  const latencies: number[] = [];
  let frames = 0;
  const stomps: BenchStomp[] = [];
  try {
    for (const listener of listeners) {
      let received = 0;
      const onFrame = (frame: StompFrameIn) => {
        if (frame.command !== 'MESSAGE') return;
        // The frame's own sequence number where the broker passes the body through; else its position.
        const seq = (JSON.parse(frame.body) as { seq?: number }).seq;
        const at = sentAt[seq ?? received];
        received += 1;
        frames += 1;
        if (at !== undefined) latencies.push(performance.now() - at);
      };
      const { stomp } = await connectStomp(listener.wsUrl, listener.key, onFrame);
      stomp.subscribe('t', destination);
      stomps.push(stomp);
    }
    // Subscriptions are asynchronous without receipts: give the broker a moment to apply the last ones.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const total = RATE * DURATION_S;
    const started = performance.now();
    for (let seq = 0; seq < total; seq += 1) {
      const due = started + (seq * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      sentAt.push(performance.now());
      publisher.send(destination, body(seq));
    }
    const expected = total * listeners.length;
    const drainUntil = performance.now() + DRAIN_MS;
    while (frames < expected && performance.now() < drainUntil) await new Promise((resolve) => setTimeout(resolve, 100));
    return { delivered: frames / expected, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
  } finally {
    for (const stomp of stomps) stomp.close();
  }
}

/** A room holds at most 500 members (the publisher is one): more listeners are more connections of the same members. */
const MAX_LISTENER_ACCOUNTS = 499;

async function ours(listenerCount: number): Promise<Result> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'chatgen-fanout-'));
  const db = await openEmbeddedDatabase(dataDir, { template: true });
  const keys: { accountId: number; apiKey: string }[] = [];
  try {
    await migrate(db);
    const r = repos(db);
    const tenant = await r.tenants.create({ fullname: 'Fan-out Bench', shortName: 'FB' });
    const publisher = await r.accounts.create({ tenantId: tenant.id, loginName: 'fanout_publisher', userFullname: 'Publisher', passwordHash: await hashPassword(PASSWORD) });
    await r.keys.saveUserKeyPair(publisher.id, await generateRsaKeyPair());
    const device = await generateRsaKeyPair();
    for (let i = 0; i < Math.min(listenerCount, MAX_LISTENER_ACCOUNTS); i += 1) {
      const account = await r.accounts.create({ tenantId: tenant.id, loginName: `fanout_listener_${i}`, userFullname: `Listener ${i}` });
      const apiKey = randomBytes(24).toString('hex');
      await r.sessions.create({ accountId: account.id, apiKey, deviceId: randomUUID(), devicePubKeyPem: device.publicKeyPem, expiresAt: new Date(Date.now() + 86_400_000) });
      keys.push({ accountId: account.id, apiKey });
    }
  } finally {
    await db.close();
  }
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'realtime-load-server.ts')], {
    env: { ...process.env, DATA_DIR: dataDir, CHATGEN_TEST_MODE: '0', HTTP_COMPRESSION: 'off' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /LISTENING (\S+)/.exec(out);
        if (match?.[1]) resolve(match[1]);
      });
      child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
    const wsUrl = `${url.replace('http', 'ws')}/v3/ws`;
    const owner = await signIn(url, 'fanout_publisher', PASSWORD);
    const ids = keys.map((k) => String(k.accountId));
    const room = await owner.api.createMultipleRoom({ roomName: 'Fan-out', memberIds: ids.slice(0, 150) as [string, ...string[]] });
    if (!room.ok) throw new Error('createmultipleroom failed');
    const roomId = String(room.data.roomId);
    for (let at = 150; at < ids.length; at += 150) {
      const added = await owner.api.addRoomMembers({ roomId, accountIds: ids.slice(at, at + 150) as [string, ...string[]] });
      if (!added.ok) throw new Error(`addroommembers: ${JSON.stringify(added.errMsgList[0])}`);
    }
    const { stomp: publisher } = await connectStomp(wsUrl, owner.apiKey, () => undefined);
    try {
      return await measure(
        Array.from({ length: listenerCount }, (_, i) => ({ wsUrl, key: keys[i % keys.length]!.apiKey })),
        `/topic/room.${roomId}`,
        publisher,
        () => JSON.stringify({ roomId, accountName: 'fanout_publisher', type: 'TYPING' }),
      );
    } finally {
      publisher.close();
    }
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function rabbit(listenerCount: number): Promise<Result> {
  const wsUrl = args['rabbit-ws'];
  // RabbitMQ's STOMP plugin takes the default user (guest) when CONNECT names none; the Api-Key header is ignored.
  const { stomp: publisher } = await connectStomp(wsUrl, '', () => undefined);
  try {
    const destination = `/topic/chatgen-fanout-${randomBytes(4).toString('hex')}`;
    return await measure(Array.from({ length: listenerCount }, () => ({ wsUrl, key: '' })), destination, publisher, (seq) =>
      JSON.stringify({ roomId: '1', accountName: 'fanout_publisher', type: 'TYPING', seq }),
    );
  } finally {
    publisher.close();
  }
}

const fixed = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');
const ratio = (n: number, base: number) => (Number.isFinite(n) && Number.isFinite(base) && base > 0 ? `${(n / base).toFixed(2)}×` : 'n/a');

console.log(`fan-out: ${RATE} frames/s for ${DURATION_S} s to ${LISTENER_COUNTS.join(', ')} listeners; chatgen broker vs RabbitMQ web-stomp`);
console.log(`${'listeners'.padEnd(10)} ${'broker'.padEnd(10)} ${'delivered'.padStart(10)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}   ours/RabbitMQ: delivered, p50, p99`);
for (const count of LISTENER_COUNTS) {
  const mine = await ours(count);
  const reference = await rabbit(count).catch((error: unknown) => {
    // Without the web-stomp plugin (rabbitmq-plugins enable rabbitmq_web_stomp) our figures still print.
    console.log(`RabbitMQ web-stomp unreachable at ${args['rabbit-ws']} (${error instanceof Error ? error.message : String(error)}): no reference row`);
    return { delivered: Number.NaN, p50: Number.NaN, p99: Number.NaN } as Result;
  });
  for (const [name, r] of [['chatgen', mine], ['RabbitMQ', reference]] as const) {
    console.log(`${String(count).padEnd(10)} ${name.padEnd(10)} ${`${fixed(100 * r.delivered, 2)} %`.padStart(10)} ${fixed(r.p50).padStart(8)} ${fixed(r.p99).padStart(8)}`);
  }
  console.log(`${''.padEnd(10)} ${'ratio'.padEnd(10)} ${ratio(mine.delivered, reference.delivered).padStart(10)} ${ratio(mine.p50, reference.p50).padStart(8)} ${ratio(mine.p99, reference.p99).padStart(8)}`);
}
console.log(`machine load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} (1, 5, 15 min; other work on the machine skews every figure)`);
