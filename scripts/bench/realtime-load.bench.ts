/**
 * Realtime under load (issue 9, finding 12): L STOMP listeners in one room while S senders send R messages/s
 * for D seconds over HTTP (sealed envelopes, as the client does), and a new connection is opened every P ms
 * meanwhile. The server runs in its own process: on a prepared DATA_DIR (`--setup embedded`, the default), or
 * as two processes on a scratch PostgreSQL database and RabbitMQ (`--setup postgres-2`; listeners, senders and
 * probes alternate between them; needs the services scripts/test-services.sh starts).
 *
 *   node --import tsx scripts/bench/realtime-load.bench.ts [--setup embedded|postgres-2] [--listeners 200]
 *        [--rate 50] [--duration 60] [--senders 5] [--probe-every 500] [--cpu-prof DIR]
 *
 * Prints delivered/expected (reply queues and room topic), p50/p99 send-to-frame, HTTP send p50/p99, p99 of a
 * new connection's first answer (STOMP CONNECTED and an HTTP call on a fresh TCP connection), the CPU time of
 * the server processes and of the load generator (this process: its clients' parsing and timing) over the run,
 * the machine's load average, and the servers' RSS. `--duration 15` is a quick check. Numbers compare runs on
 * one machine; they are never assertions. `--cpu-prof DIR` runs the servers under `node --cpu-prof` and leaves
 * the .cpuprofile files in DIR.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { encryptAes, type AesKeyRecord } from '../../server/crypto/aes.ts';
import { generateRsaKeyPair } from '../../server/crypto/rsa.ts';
import { hashPassword } from '../../server/identity/passwords.ts';
import { testExchange, TEST_BROKER_URL } from '../../server/realtime/amqp-bus.testing.ts';
import type { Database } from '../../server/store/db.ts';
import { openEmbeddedDatabase } from '../../server/store/embedded.ts';
import { migrate } from '../../server/store/migrate.ts';
import { openPostgresDatabase } from '../../server/store/postgres.ts';
import { repos } from '../../server/store/repos/index.ts';
import { createScratchDatabase, type ScratchDatabase } from '../../server/store/scratch.ts';
import { signIn, type SignedInClient } from '../../tests/support/node-transport.ts';
import { totalCpuMs } from './proc-cpu.ts';
import { startBenchServer } from './bench-server.ts';
import { connectStomp, type BenchStomp, type StompFrameIn } from './realtime-load-stomp.ts';

const { values: args } = parseArgs({
  options: {
    listeners: { type: 'string', default: '200' },
    rate: { type: 'string', default: '50' },
    duration: { type: 'string', default: '60' },
    senders: { type: 'string', default: '5' },
    'probe-every': { type: 'string', default: '500' },
    'cpu-prof': { type: 'string' },
    setup: { type: 'string', default: 'embedded' },
  },
});
if (args.setup !== 'embedded' && args.setup !== 'postgres-2') throw new Error(`--setup embedded or postgres-2, not ${args.setup}`);
const TWO_PROCESSES = args.setup === 'postgres-2';
const LISTENERS = Number(args.listeners);
const RATE = Number(args.rate);
const DURATION_S = Number(args.duration);
const SENDERS = Number(args.senders);
const PROBE_EVERY_MS = Number(args['probe-every']);
const PASSWORD = 'Passw0rd!';
const MQ = 'chatgen';
const DRAIN_MS = 15_000;

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}
const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(value < 10 ? 1 : 0)} ms` : 'n/a');

interface Prepared {
  dataDir: string;
  scratch: ScratchDatabase | null;
  senderNames: string[];
  listeners: { accountId: number; apiKey: string }[];
  probeKeys: string[];
}

/** Accounts, listener sessions and probe sessions straight in the store, before the servers open it. */
async function prepare(): Promise<Prepared> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'chatgen-realtime-load-'));
  const scratch = TWO_PROCESSES ? await createScratchDatabase('bench') : null;
  const db: Database = scratch ? await openPostgresDatabase(scratch.url) : await openEmbeddedDatabase(dataDir, { template: true });
  try {
    await migrate(db);
    const r = repos(db);
    const tenant = await r.tenants.create({ fullname: 'Load Test Department', shortName: 'LT' });
    const passwordHash = await hashPassword(PASSWORD);
    const expiresAt = new Date(Date.now() + 24 * 3_600_000);
    const device = await generateRsaKeyPair();
    const senderNames: string[] = [];
    for (let i = 0; i < SENDERS; i += 1) {
      const account = await r.accounts.create({ tenantId: tenant.id, loginName: `load_sender_${i}`, userFullname: `Sender ${i}`, passwordHash });
      await r.keys.saveUserKeyPair(account.id, await generateRsaKeyPair());
      senderNames.push(account.loginName);
    }
    const session = async (accountId: number) => {
      const apiKey = randomBytes(24).toString('hex');
      await r.sessions.create({ accountId, apiKey, deviceId: randomUUID(), devicePubKeyPem: device.publicKeyPem, expiresAt });
      return apiKey;
    };
    const listeners: Prepared['listeners'] = [];
    for (let i = 0; i < LISTENERS; i += 1) {
      const account = await r.accounts.create({ tenantId: tenant.id, loginName: `load_listener_${i}`, userFullname: `Listener ${i}`, passwordHash });
      listeners.push({ accountId: account.id, apiKey: await session(account.id) });
    }
    const prober = await r.accounts.create({ tenantId: tenant.id, loginName: 'load_prober', userFullname: 'Prober', passwordHash });
    const probeKeys: string[] = [];
    const probes = Math.ceil((DURATION_S * 1000) / PROBE_EVERY_MS) + 10;
    for (let i = 0; i < probes; i += 1) probeKeys.push(await session(prober.id));
    return { dataDir, scratch, senderNames, listeners, probeKeys };
  } finally {
    await db.close();
  }
}

function startServerProcess(env: Record<string, string>, cpuProfDir: string | undefined) {
  const profiling = cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`] : [];
  // The listeners CONNECT with the api key alone: the device proof costs one RSA verify per CONNECT, none per frame.
  return startBenchServer({ ...env, HTTP_COMPRESSION: 'off', ACCEPT_API_KEY_ALONE: '1' }, profiling);
}

/** Resident set of a process in MiB, from /proc (Linux). */
function rssMiB(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match?.[1] ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** One call on a fresh TCP connection (no keep-alive): how long until the first answer. */
function freshHttpCall(url: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${url}/v3/chat/pub/application/getpublicapplicationprofile`,
      { method: 'POST', agent: false, headers: { 'content-type': 'application/json', connection: 'close' } },
      (response) => {
        response.resume();
        response.once('end', () => resolve(performance.now() - started));
      },
    );
    request.once('error', reject);
    request.end('{}');
  });
}

async function main(): Promise<void> {
  const where = TWO_PROCESSES ? '2 processes on PostgreSQL and RabbitMQ' : '1 process on the embedded store';
  console.log(`realtime load (${where}): ${LISTENERS} listeners, ${SENDERS} senders, ${RATE} msg/s for ${DURATION_S} s, a new connection every ${PROBE_EVERY_MS} ms`);
  const prepared = await prepare();
  const env: Record<string, string> = prepared.scratch
    ? { DATABASE_URL: prepared.scratch.url, BROKER_URL: TEST_BROKER_URL, BROKER_EXCHANGE: testExchange('load') }
    : { DATA_DIR: prepared.dataDir };
  const servers: { child: ChildProcess; url: string }[] = [];
  const stomps: BenchStomp[] = [];
  try {
    for (let i = 0; i < (TWO_PROCESSES ? 2 : 1); i += 1) servers.push(await startServerProcess(env, args['cpu-prof']));
    /** The i-th client's server: clients alternate between the processes. */
    const urlOf = (i: number) => servers[i % servers.length]!.url;
    const wsUrlOf = (i: number) => `${urlOf(i).replace('http', 'ws')}/v3/ws`;
    const pids = servers.map((server) => server.child.pid);
    const senders: SignedInClient[] = [];
    const device = await generateRsaKeyPair();
    for (const [i, name] of prepared.senderNames.entries()) senders.push(await signIn(urlOf(i), name, PASSWORD, { device }));
    const [first] = senders;
    if (!first) throw new Error('at least one sender');
    const memberIds = [...senders.slice(1).map((s) => s.accountId), ...prepared.listeners.map((l) => String(l.accountId))];
    // The schema caps one call's member list: create with the first part, add the rest.
    const CHUNK = 150;
    const part = (at: number): [string, ...string[]] => {
      const ids = memberIds.slice(at, at + CHUNK);
      const [head, ...rest] = ids;
      if (head === undefined) throw new Error('an empty member list');
      return [head, ...rest];
    };
    const room = await first.api.createMultipleRoom({ roomName: 'Load test', memberIds: part(0) });
    if (!room.ok) throw new Error(`createmultipleroom: ${JSON.stringify(room.errMsgList)}`);
    const roomId = String(room.data.roomId);
    for (let at = CHUNK; at < memberIds.length; at += CHUNK) {
      const added = await first.api.addRoomMembers({ roomId, accountIds: part(at) });
      if (!added.ok) throw new Error(`addroommembers: ${JSON.stringify(added.errMsgList)}`);
    }
    const keyResult = await first.api.getAesKeyByRoomId({ roomId });
    if (!keyResult.ok) throw new Error('no room key');
    const key: AesKeyRecord = keyResult.data.aesKey;

    // Send times by checksum; frames counted per (listener, message) for the queue and the topic.
    const sentAt = new Map<string, number>();
    const latencies: number[] = [];
    let queueFrames = 0;
    let topicFrames = 0;
    const onFrame = (frame: StompFrameIn) => {
      if (frame.command !== 'MESSAGE') return;
      const arrived = performance.now();
      const body = JSON.parse(frame.body) as { notifyType?: string; data?: { messageChecksum?: string } };
      if (body.notifyType !== 'NEW_MESSAGE') return;
      const at = sentAt.get(body.data?.messageChecksum ?? '');
      if (at === undefined) return;
      if (frame.headers.destination?.startsWith('/queue/')) {
        queueFrames += 1;
        latencies.push(arrived - at);
      } else {
        topicFrames += 1;
      }
    };
    const listenStarted = performance.now();
    for (const [i, listener] of prepared.listeners.entries()) {
      const { stomp } = await connectStomp(wsUrlOf(i), listener.apiKey, onFrame);
      stomp.subscribe('q', `/queue/${MQ}.${listener.accountId}`);
      stomp.subscribe('t', `/topic/room.${roomId}`);
      stomps.push(stomp);
    }
    console.log(`listeners connected and subscribed in ${((performance.now() - listenStarted) / 1000).toFixed(1)} s`);

    const rss: number[] = [];
    const rssTimer = setInterval(() => rss.push(pids.reduce((sum: number, pid) => sum + rssMiB(pid ?? 0), 0)), 1000);
    const wsProbes: number[] = [];
    const httpProbes: number[] = [];
    let probeFailures = 0;
    let probeIndex = 0;
    const probeTimer = setInterval(() => {
      const apiKey = prepared.probeKeys[probeIndex % prepared.probeKeys.length] ?? '';
      const at = probeIndex;
      probeIndex += 1;
      connectStomp(wsUrlOf(at), apiKey, () => undefined)
        .then(({ stomp, connectMs }) => {
          wsProbes.push(connectMs);
          stomp.close();
        })
        .catch(() => (probeFailures += 1));
      freshHttpCall(urlOf(at))
        .then((t) => httpProbes.push(t))
        .catch(() => (probeFailures += 1));
    }, PROBE_EVERY_MS);

    const total = RATE * DURATION_S;
    const sendTimes: number[] = [];
    let accepted = 0;
    let failed = 0;
    const failures = new Map<string, number>();
    const countFailure = (reason: string) => {
      failed += 1;
      failures.set(reason, (failures.get(reason) ?? 0) + 1);
    };
    const inFlight: Promise<void>[] = [];
    const serverCpuBefore = await totalCpuMs(pids);
    const generatorCpuBefore = process.cpuUsage();
    const loadStarted = performance.now();
    await new Promise<void>((resolve) => {
      let next = 0;
      const tick = setInterval(() => {
        const due = Math.min(total, Math.floor(((performance.now() - loadStarted) / 1000) * RATE) + 1);
        for (; next < due; next += 1) {
          const seq = next;
          const sender = senders[seq % senders.length] ?? first;
          const checksum = `load-${seq}`;
          const started = performance.now();
          sentAt.set(checksum, started);
          const aesMessage = encryptAes(key, new TextEncoder().encode(`load message ${seq}`));
          inFlight.push(
            sender.api
              .sendAesMessage({ roomId, messageKeyUuid: key.messageKeyUuid, type: 'TEXT', checksum, aesMessage })
              .then((result) => {
                sendTimes.push(performance.now() - started);
                if (result.ok) accepted += 1;
                else countFailure(`${result.httpStatus ?? ''} ${result.errMsgList[0]?.errors[0]?.code ?? 'no code'}`);
              })
              .catch((error: unknown) => countFailure(error instanceof Error ? `${error.message} ${String(error.cause ?? '')}`.trim() : String(error))),
          );
        }
        if (next >= total) {
          clearInterval(tick);
          resolve();
        }
      }, 5);
    });
    await Promise.all(inFlight);
    const sendingMs = performance.now() - loadStarted;
    clearInterval(probeTimer);
    const expected = accepted * LISTENERS;
    const drainUntil = performance.now() + DRAIN_MS;
    while ((queueFrames < expected || topicFrames < expected) && performance.now() < drainUntil) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    clearInterval(rssTimer);
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    const serverCpuS = ((await totalCpuMs(pids)) - serverCpuBefore) / 1000;
    const generatorCpu = process.cpuUsage(generatorCpuBefore);
    const generatorCpuS = (generatorCpu.user + generatorCpu.system) / 1e6;

    const pct = (n: number) => `${((100 * n) / Math.max(1, expected)).toFixed(2)} %`;
    console.log('');
    console.log(`sends                 ${accepted} accepted, ${failed} failed of ${total}; took ${(sendingMs / 1000).toFixed(1)} s for ${DURATION_S} s of schedule`);
    for (const [reason, count] of failures) console.log(`  failed: ${count} × ${reason}`);
    console.log(`HTTP send             p50 ${ms(percentile(sendTimes, 50))}  p99 ${ms(percentile(sendTimes, 99))}`);
    console.log(`delivered (queue)     ${queueFrames}/${expected} (${pct(queueFrames)})`);
    console.log(`delivered (topic)     ${topicFrames}/${expected} (${pct(topicFrames)})`);
    console.log(`send-to-frame         p50 ${ms(percentile(latencies, 50))}  p99 ${ms(percentile(latencies, 99))}  max ${ms(latencies.reduce((a, b) => Math.max(a, b), 0))}`);
    console.log(`new STOMP connection  p50 ${ms(percentile(wsProbes, 50))}  p99 ${ms(percentile(wsProbes, 99))}  (${wsProbes.length} probes)`);
    console.log(`new HTTP connection   p50 ${ms(percentile(httpProbes, 50))}  p99 ${ms(percentile(httpProbes, 99))}  (${httpProbes.length} probes, ${probeFailures} probe failures)`);
    console.log(`machine load average  ${loadavg().map((l) => l.toFixed(2)).join(' ')} (1, 5, 15 min; other work on the machine skews every figure)`);
    const share = (cpuS: number) => `${cpuS.toFixed(1)} s CPU over ${loadSeconds.toFixed(1)} s (${((100 * cpuS) / loadSeconds).toFixed(0)} % of one core)`;
    console.log(`server CPU            ${share(serverCpuS)}${TWO_PROCESSES ? ', both processes (PostgreSQL and RabbitMQ not counted)' : ''}`);
    console.log(`server CPU per send   ${((1000 * serverCpuS) / Math.max(1, accepted)).toFixed(1)} ms (with its ${LISTENERS * 2} frames and the probes; follows other work on the machine less than the latencies do)`);
    console.log(`load generator CPU    ${share(generatorCpuS)} (its clients' parsing and timing; near 100 % it skews the latencies)`);
    console.log(`server RSS${TWO_PROCESSES ? ' (sum)' : '      '}      max ${rss.filter(Number.isFinite).reduce((a, b) => Math.max(a, b), 0).toFixed(0)} MiB, end ${(rss.at(-1) ?? Number.NaN).toFixed(0)} MiB`);
  } finally {
    for (const stomp of stomps) stomp.close();
    await Promise.all(
      servers.map(({ child }) => {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        return exited;
      }),
    );
    await rm(prepared.dataDir, { recursive: true, force: true });
    await prepared.scratch?.drop();
  }
}

await main();
