/**
 * Sends at speed (issue 11): S senders (closed loop: each sends its next message when the last one answered) into
 * a room with L listeners for D seconds, on three set-ups measured one after another in one run: the embedded
 * store in one process, PostgreSQL in one process, PostgreSQL in two processes on RabbitMQ (listeners and senders
 * alternate between the processes). Prints sustained sends/s, delivered ratio and p50/p99 send-to-frame (reply
 * queue frames) and the server processes' CPU time per send (PostgreSQL's own is not counted), in all and on their
 * main threads (the event loops) alone, with each figure's ratio to the embedded one-process run of the same sender
 * count. BENCH_CPU_PROF=<dir> profiles the servers.
 * The listeners run on worker threads (listener-pool.ts) at a byte test per frame, each matched to its send by
 * the checksum the NEW_MESSAGE carries, so the benchmark's own work competes less with the servers'.
 *
 *   node --import tsx scripts/bench/sends.bench.ts [--listeners 100] [--duration 20] [--senders 1,10]
 *     [--setups embedded,postgres,postgres-2]
 *
 * Needs PostgreSQL (CHATGEN_TEST_PG_URL, default the local `test` database) and RabbitMQ (CHATGEN_TEST_BROKER_URL)
 * as scripts/test-services.sh starts them. Numbers compare set-ups within one run; they are never assertions.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { encryptAes, type AesKeyRecord } from '../../server/crypto/aes.ts';
import { generateRsaKeyPair } from '../../server/crypto/rsa.ts';
import { hashPassword } from '../../server/identity/passwords.ts';
import { replyQueue } from '../../generated/realtime/index.ts';
import { readConfig } from '../../server/config.ts';
import { testExchange, TEST_BROKER_URL } from '../../server/realtime/amqp-bus.testing.ts';
import type { Database } from '../../server/store/db.ts';
import { openEmbeddedDatabase } from '../../server/store/embedded.ts';
import { migrate } from '../../server/store/migrate.ts';
import { openPostgresDatabase } from '../../server/store/postgres.ts';
import { repos } from '../../server/store/repos/index.ts';
import { createScratchDatabase } from '../../server/store/scratch.ts';
import { signIn, type SignedInClient } from '../../tests/support/node-transport.ts';
import { sharedNow } from './fanout-listeners.ts';
import { combinePools, percentile, startListenerPool, type ListenerPool } from './listener-pool.ts';
import { startBenchServer } from './bench-server.ts';
import { mainThreadCpuMs, totalCpuMs } from './proc-cpu.ts';

const { values: args } = parseArgs({
  options: {
    listeners: { type: 'string', default: '100' },
    duration: { type: 'string', default: '20' },
    senders: { type: 'string', default: '1,10' },
    setups: { type: 'string', default: 'embedded,postgres,postgres-2' },
  },
});
const LISTENERS = Number(args.listeners);
const DURATION_S = Number(args.duration);
const SENDER_COUNTS = args.senders.split(',').map(Number);
const PASSWORD = 'Passw0rd!';
const DRAIN_MS = 10_000;

interface Setup {
  key: string;
  name: string;
  store: 'embedded' | 'postgres';
  processes: number;
}
const ALL_SETUPS: Setup[] = [
  { key: 'embedded', name: 'embedded, 1 process', store: 'embedded', processes: 1 },
  { key: 'postgres', name: 'PostgreSQL, 1 process', store: 'postgres', processes: 1 },
  { key: 'postgres-2', name: 'PostgreSQL, 2 processes on RabbitMQ', store: 'postgres', processes: 2 },
];
const SETUPS = ALL_SETUPS.filter((setup) => args.setups.split(',').includes(setup.key));

interface Result {
  sendsPerSecond: number;
  /** CPU time of the server processes (all their threads, the embedded engine's included; not PostgreSQL's) per accepted send. */
  cpuMsPerSend: number;
  /** of which their main threads' (the event loops: what one process cannot spread over cores) */
  mainMsPerSend: number;
  delivered: number;
  p50: number;
  p99: number;
}

const serversCpuMs = (children: readonly ChildProcess[]) => totalCpuMs(children.map((c) => c.pid));
const serversMainMs = (children: readonly ChildProcess[]) => totalCpuMs(children.map((c) => c.pid), mainThreadCpuMs);

/** Accounts and listener sessions straight in the store, before the servers open it. */
async function prepare(db: Database, senders: number) {
  await migrate(db);
  const r = repos(db);
  const tenant = await r.tenants.create({ fullname: 'Send Bench', shortName: 'SB' });
  const passwordHash = await hashPassword(PASSWORD);
  const device = await generateRsaKeyPair();
  const senderNames: string[] = [];
  for (let i = 0; i < senders; i += 1) {
    const account = await r.accounts.create({ tenantId: tenant.id, loginName: `bench_sender_${i}`, userFullname: `Sender ${i}`, passwordHash });
    await r.keys.saveUserKeyPair(account.id, await generateRsaKeyPair());
    senderNames.push(account.loginName);
  }
  const listeners: { accountId: number; apiKey: string }[] = [];
  for (let i = 0; i < LISTENERS; i += 1) {
    const account = await r.accounts.create({ tenantId: tenant.id, loginName: `bench_listener_${i}`, userFullname: `Listener ${i}`, passwordHash });
    const apiKey = randomBytes(24).toString('hex');
    await r.sessions.create({ accountId: account.id, apiKey, deviceId: randomUUID(), devicePubKeyPem: device.publicKeyPem, expiresAt: new Date(Date.now() + 86_400_000) });
    listeners.push({ accountId: account.id, apiKey });
  }
  return { senderNames, listeners };
}

function startServer(env: Record<string, string>) {
  // BENCH_CPU_PROF=<dir>: each server writes a CPU profile there when it stops (node --cpu-prof).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : [];
  return startBenchServer({ HTTP_COMPRESSION: 'off', ...env }, profile);
}

async function run(setup: Setup, senderCount: number): Promise<Result> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'chatgen-sends-'));
  const scratch = setup.store === 'postgres' ? await createScratchDatabase('bench') : null;
  const db = scratch ? await openPostgresDatabase(scratch.url) : await openEmbeddedDatabase(dataDir, { template: true });
  let prepared;
  try {
    prepared = await prepare(db, senderCount);
  } finally {
    await db.close();
  }
  const env: Record<string, string> = { DATA_DIR: dataDir, ...(scratch ? { DATABASE_URL: scratch.url } : {}) };
  if (setup.processes > 1) Object.assign(env, { BROKER_URL: TEST_BROKER_URL, BROKER_EXCHANGE: testExchange('bench') });
  const servers: { child: ChildProcess; url: string }[] = [];
  let listeners: ListenerPool | null = null;
  try {
    for (let i = 0; i < setup.processes; i += 1) servers.push(await startServer(env));
    const urlOf = (i: number) => servers[i % servers.length]!.url;
    const device = await generateRsaKeyPair();
    const senders: SignedInClient[] = [];
    for (const [i, name] of prepared.senderNames.entries()) senders.push(await signIn(urlOf(i), name, PASSWORD, { device }));
    const first = senders[0]!;
    const memberIds = [...senders.slice(1).map((s) => s.accountId), ...prepared.listeners.map((l) => String(l.accountId))];
    const room = await first.api.createMultipleRoom({ roomName: 'Send bench', memberIds: memberIds.slice(0, 150) as [string, ...string[]] });
    if (!room.ok) throw new Error(`createmultipleroom: ${JSON.stringify(room.errMsgList)}`);
    const roomId = String(room.data.roomId);
    for (let at = 150; at < memberIds.length; at += 150) {
      const added = await first.api.addRoomMembers({ roomId, accountIds: memberIds.slice(at, at + 150) as [string, ...string[]] });
      if (!added.ok) throw new Error('addroommembers failed');
    }

    // Each listener on the process it alternates to; a NEW_MESSAGE frame is matched to its send by its checksum,
    // which is the send's number.
    const { mqSysName } = readConfig({ ...process.env, ...env });
    const pools = await Promise.all(
      servers.map((server, p) =>
        startListenerPool(
          { wsUrl: `${server.url.replace('http', 'ws')}/v3/ws`, match: 'seq', seqMarker: '"messageChecksum":"' },
          prepared.listeners.filter((_, i) => i % servers.length === p).map((l) => ({ apiKey: l.apiKey, destination: replyQueue(mqSysName, l.accountId) })),
        ),
      ),
    );
    listeners = combinePools(pools);

    // Each sender's first send meets the key the membership changes retired: fetch the key after one warm-up send.
    let key: AesKeyRecord | null = null;
    for (let attempt = 0; attempt < 3 && !key; attempt += 1) {
      const fetched = await first.api.getAesKeyByRoomId({ roomId });
      if (!fetched.ok) throw new Error('no room key');
      const k = fetched.data.aesKey;
      const warm = await first.api.sendAesMessage({ roomId, messageKeyUuid: k.messageKeyUuid, type: 'TEXT', checksum: `warm-${attempt}`, aesMessage: encryptAes(k, new Uint8Array([1])) });
      if (warm.ok) key = k;
    }
    if (!key) throw new Error('no usable room key');
    const roomKey = key;

    let accepted = 0;
    const sentAt: number[] = [];
    const cpuBefore = await serversCpuMs(servers.map((s) => s.child));
    const mainBefore = await serversMainMs(servers.map((s) => s.child));
    const until = performance.now() + DURATION_S * 1000;
    await Promise.all(
      senders.map(async (sender, s) => {
        while (performance.now() < until) {
          const seq = sentAt.length;
          sentAt.push(sharedNow());
          const result = await sender.api.sendAesMessage({ roomId, messageKeyUuid: roomKey.messageKeyUuid, type: 'TEXT', checksum: String(seq), aesMessage: encryptAes(roomKey, new TextEncoder().encode(`bench ${s} ${seq}`)) });
          if (result.ok) accepted += 1;
        }
      }),
    );
    const expected = accepted * LISTENERS;
    const drainUntil = performance.now() + DRAIN_MS;
    while (listeners.received() < expected && performance.now() < drainUntil) await new Promise((resolve) => setTimeout(resolve, 100));
    const cpuMsPerSend = ((await serversCpuMs(servers.map((s) => s.child))) - cpuBefore) / Math.max(1, accepted);
    const mainMsPerSend = ((await serversMainMs(servers.map((s) => s.child))) - mainBefore) / Math.max(1, accepted);
    const delivered = listeners.received() / Math.max(1, expected);
    const latencies = await listeners.finish(Float64Array.from(sentAt));
    return { sendsPerSecond: accepted / DURATION_S, cpuMsPerSend, mainMsPerSend, delivered, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
  } finally {
    await listeners?.terminate();
    await Promise.all(
      servers.map(({ child }) => {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        return exited;
      }),
    );
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const fixed = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');
const ratio = (n: number, base: number) => (Number.isFinite(n) && Number.isFinite(base) && base > 0 ? `${(n / base).toFixed(2)}×` : 'n/a');

console.log(`sends: ${SENDER_COUNTS.join(' and ')} senders (closed loop), ${LISTENERS} listeners, ${DURATION_S} s per run`);
for (const senders of SENDER_COUNTS) {
  const results: [Setup, Result][] = [];
  for (const setup of SETUPS) results.push([setup, await run(setup, senders)]);
  const base = results[0]![1];
  console.log('');
  console.log(`${senders} sender(s)`);
  console.log(`${'set-up'.padEnd(38)} ${'sends/s'.padStart(9)} ${'ratio'.padStart(7)} ${'cpu ms/send'.padStart(12)} ${'ratio'.padStart(7)} ${'main ms/send'.padStart(13)} ${'ratio'.padStart(7)} ${'delivered'.padStart(10)} ${'p50 ms'.padStart(8)} ${'ratio'.padStart(7)} ${'p99 ms'.padStart(8)} ${'ratio'.padStart(7)}`);
  for (const [setup, r] of results) {
    console.log(
      `${setup.name.padEnd(38)} ${fixed(r.sendsPerSecond).padStart(9)} ${ratio(r.sendsPerSecond, base.sendsPerSecond).padStart(7)} ${fixed(r.cpuMsPerSend, 2).padStart(12)} ${ratio(r.cpuMsPerSend, base.cpuMsPerSend).padStart(7)} ${fixed(r.mainMsPerSend, 2).padStart(13)} ${ratio(r.mainMsPerSend, base.mainMsPerSend).padStart(7)} ${`${fixed(100 * r.delivered, 2)} %`.padStart(10)} ${fixed(r.p50).padStart(8)} ${ratio(r.p50, base.p50).padStart(7)} ${fixed(r.p99).padStart(8)} ${ratio(r.p99, base.p99).padStart(7)}`,
    );
  }
}
console.log('');
console.log(`machine load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} (1, 5, 15 min; other work on the machine skews every figure)`);
