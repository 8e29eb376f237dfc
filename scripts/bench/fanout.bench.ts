/**
 * Fan-out (issue 11): one publisher sends R frames/s for D seconds to a topic with L subscribers, on our broker
 * (the reference server's room topic, a member's TYPING relayed to every member; embedded store, one process)
 * and on RabbitMQ's own STOMP over WebSocket (rabbitmq_web_stomp, ws://127.0.0.1:15674/ws, guest) with the same
 * pattern, one after the other in one run. Prints delivered ratio and p50/p99 publish-to-frame per listener
 * count, with our figure's ratio to RabbitMQ's ("not available" where the plugin is not enabled).
 *
 * The listeners run on worker threads (listener-pool.ts) and cost a byte test per frame; they connect a few
 * at a time and the measure starts once every SUBSCRIBE is confirmed by its RECEIPT. RabbitMQ passes the body
 * through, so its frames are matched to their send by a sequence number; our relay rebuilds the body, so there
 * the k-th frame a listener receives is matched to the k-th send (one publisher, ordered stream).
 *
 *   node --import tsx scripts/bench/fanout.bench.ts [--listeners 100,500,1000] [--rate 100] [--duration 10]
 *        [--rabbit-ws ws://127.0.0.1:15674/ws]
 *
 * Also prints each broker's CPU time per delivered frame (our server process; RabbitMQ's beam.smp) and the
 * benchmark's own: on a shared machine the rates follow the other work, the CPU per frame much less.
 * BENCH_CPU_PROF=<dir> profiles our server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { roomTopic } from '../../generated/realtime/index.ts';
import { generateRsaKeyPair } from '../../server/crypto/rsa.ts';
import { hashPassword } from '../../server/identity/passwords.ts';
import { openEmbeddedDatabase } from '../../server/store/embedded.ts';
import { migrate } from '../../server/store/migrate.ts';
import { repos } from '../../server/store/repos/index.ts';
import { signIn } from '../../tests/support/node-transport.ts';
import { sharedNow, type ListenerJob } from './fanout-listeners.ts';
import { percentile, startListenerPool } from './listener-pool.ts';
import { cpuMs, pidByName } from './proc-cpu.ts';
import { connectStomp, type BenchStomp } from './realtime-load-stomp.ts';

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
/** after the last publish: stop waiting once no frame arrived for DRAIN_IDLE_MS, or at DRAIN_MAX_MS */
const DRAIN_IDLE_MS = 3_000;
const DRAIN_MAX_MS = 120_000;
const PASSWORD = 'Passw0rd!';

interface Result {
  delivered: number;
  p50: number;
  p99: number;
  /** the broker process's CPU time (all threads) per delivered frame, µs: comparable whatever else loads the machine */
  brokerUs: number;
  /** the benchmark's own (listeners and publisher) */
  clientUs: number;
}
const NOT_AVAILABLE: Result = { delivered: Number.NaN, p50: Number.NaN, p99: Number.NaN, brokerUs: Number.NaN, clientUs: Number.NaN };

/**
 * Connects and subscribes every listener (confirmed by a RECEIPT each, so the measure starts with all of them in
 * place), publishes at RATE for DURATION_S, waits for the frames to drain, then collects the latencies.
 */
async function measure(
  wsUrl: string,
  apiKeys: string[],
  destination: string,
  match: ListenerJob['match'],
  brokerPid: number | undefined,
  publisher: BenchStomp,
  body: (seq: number) => string,
): Promise<Result> {
  const pool = await startListenerPool({ wsUrl, match }, apiKeys.map((apiKey) => ({ apiKey, destination })));
  try {
    const total = RATE * DURATION_S;
    const sentAt = new Float64Array(total);
    const brokerBefore = await cpuMs(brokerPid);
    const clientBefore = process.cpuUsage();
    const begin = performance.now();
    for (let seq = 0; seq < total; seq += 1) {
      const wait = begin + (seq * 1000) / RATE - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      sentAt[seq] = sharedNow();
      publisher.send(destination, body(seq));
    }
    const expected = total * apiKeys.length;
    // Late is not lost: wait while frames still arrive (at most DRAIN_MAX_MS), so the ratio counts frames that
    // never come and the latencies say how late the others were.
    const drainUntil = performance.now() + DRAIN_MAX_MS;
    let lastCount = -1;
    let lastProgress = performance.now();
    while (pool.received() < expected && performance.now() < drainUntil && performance.now() - lastProgress < DRAIN_IDLE_MS) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const count = pool.received();
      if (count !== lastCount) {
        lastCount = count;
        lastProgress = performance.now();
      }
    }
    const received = pool.received();
    const brokerUs = ((await cpuMs(brokerPid)) - brokerBefore) * 1000 / Math.max(1, received);
    const clientCpu = process.cpuUsage(clientBefore);
    const clientUs = (clientCpu.user + clientCpu.system) / Math.max(1, received);
    const all = await pool.finish(sentAt);
    return { delivered: received / expected, p50: percentile(all, 50), p99: percentile(all, 99), brokerUs, clientUs };
  } finally {
    await pool.terminate();
  }
}

/** A room holds at most 500 members (the publisher is one): more listeners are more connections of the same members. */
const MAX_LISTENER_ACCOUNTS = 499;

interface OurBroker {
  measure(listenerCount: number): Promise<Result>;
  close(): Promise<void>;
}

/** One server (embedded store) for every listener count: accounts, sessions and the room are made once. */
async function startOurs(maxListeners: number): Promise<OurBroker> {
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
    for (let i = 0; i < Math.min(maxListeners, MAX_LISTENER_ACCOUNTS); i += 1) {
      const account = await r.accounts.create({ tenantId: tenant.id, loginName: `fanout_listener_${i}`, userFullname: `Listener ${i}` });
      const apiKey = randomBytes(24).toString('hex');
      await r.sessions.create({ accountId: account.id, apiKey, deviceId: randomUUID(), devicePubKeyPem: device.publicKeyPem, expiresAt: new Date(Date.now() + 86_400_000) });
      keys.push({ accountId: account.id, apiKey });
    }
  } finally {
    await db.close();
  }
  // BENCH_CPU_PROF=<dir>: the server writes a CPU profile there when it stops (node --cpu-prof).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : [];
  const child: ChildProcess = spawn(process.execPath, [...profile, '--import', 'tsx', path.join(import.meta.dirname, 'realtime-load-server.ts')], {
    // The listeners CONNECT with the api key alone: the device proof costs one RSA verify per CONNECT, none per frame.
    env: { ...process.env, DATA_DIR: dataDir, CHATGEN_TEST_MODE: '0', HTTP_COMPRESSION: 'off', ACCEPT_API_KEY_ALONE: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const close = async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  };
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
    return {
      async measure(listenerCount) {
        const { stomp: publisher } = await connectStomp(wsUrl, owner.apiKey, () => undefined);
        try {
          return await measure(
            wsUrl,
            Array.from({ length: listenerCount }, (_, i) => keys[i % keys.length]!.apiKey),
            roomTopic(roomId),
            'position',
            child.pid,
            publisher,
            () => JSON.stringify({ roomId, accountName: 'fanout_publisher', type: 'TYPING' }),
          );
        } finally {
          publisher.close();
        }
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

async function rabbit(listenerCount: number): Promise<Result> {
  const wsUrl = args['rabbit-ws'];
  // RabbitMQ's STOMP plugin takes the default user (guest) when CONNECT names none; the Api-Key header is ignored.
  const { stomp: publisher } = await connectStomp(wsUrl, '', () => undefined);
  try {
    const destination = `/topic/chatgen-fanout-${randomBytes(4).toString('hex')}`;
    return await measure(wsUrl, Array.from({ length: listenerCount }, () => ''), destination, 'seq', await pidByName('beam.smp'), publisher, (seq) =>
      JSON.stringify({ roomId: '1', accountName: 'fanout_publisher', type: 'TYPING', seq }),
    );
  } finally {
    publisher.close();
  }
}

const fixed = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');
const ratio = (n: number, base: number) => (Number.isFinite(n) && Number.isFinite(base) && base > 0 ? `${(n / base).toFixed(2)}×` : 'n/a');

console.log(`fan-out: ${RATE} frames/s for ${DURATION_S} s to ${LISTENER_COUNTS.join(', ')} listeners; chatgen broker vs RabbitMQ web-stomp`);
console.log(
  `${'listeners'.padEnd(10)} ${'broker'.padEnd(10)} ${'delivered'.padStart(13)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'broker µs/frame'.padStart(16)} ${'client µs/frame'.padStart(16)}`,
);
const ours = await startOurs(Math.max(...LISTENER_COUNTS));
for (const count of LISTENER_COUNTS) {
  const mine = await ours.measure(count);
  const reference = await rabbit(count).catch((error: unknown) => {
    // Without the web-stomp plugin (rabbitmq-plugins enable rabbitmq_web_stomp) our figures still print.
    console.log(`RabbitMQ web-stomp not available at ${args['rabbit-ws']} (${error instanceof Error ? error.message : String(error)})`);
    return NOT_AVAILABLE;
  });
  for (const [name, r] of [['chatgen', mine], ['RabbitMQ', reference]] as const) {
    const delivered = Number.isFinite(r.delivered) ? `${fixed(100 * r.delivered, 2)} %` : 'not available';
    console.log(
      `${String(count).padEnd(10)} ${name.padEnd(10)} ${delivered.padStart(13)} ${fixed(r.p50).padStart(8)} ${fixed(r.p99).padStart(8)} ${fixed(r.brokerUs, 2).padStart(16)} ${fixed(r.clientUs, 2).padStart(16)}`,
    );
  }
  console.log(
    `${''.padEnd(10)} ${'ours/Rabbit'.padEnd(10)} ${ratio(mine.delivered, reference.delivered).padStart(13)} ${ratio(mine.p50, reference.p50).padStart(8)} ${ratio(mine.p99, reference.p99).padStart(8)} ${ratio(mine.brokerUs, reference.brokerUs).padStart(16)}`,
  );
}
await ours.close();
console.log(`machine load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} (1, 5, 15 min; other work on the machine skews every figure)`);
