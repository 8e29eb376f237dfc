// `npm run cluster`'s load balancer (HAProxy, scripts/cluster/): two server processes on one PostgreSQL and one
// RabbitMQ behind it, as the demo runs them. Clients on different addresses (127.0.0.2, 127.0.0.3, …) are told
// apart by the processes through X-Forwarded-For (TRUST_PROXY), so one address's failed logins throttle that
// address alone; a process killed with SIGKILL is routed around while it is down and is started again.
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodeByName } from '../../generated/errors.ts';
import { replyQueue } from '../../generated/realtime/index.ts';
import { testExchange, TEST_BROKER_URL } from '../../server/realtime/amqp-bus.testing.ts';
import { THROTTLE } from '../../server/services/identity/throttle.ts';
import type { Database } from '../../server/store/db.ts';
import { openPostgresDatabase } from '../../server/store/postgres.ts';
import { migrate } from '../../server/store/migrate.ts';
import { repos } from '../../server/store/repos/index.ts';
import { createScratchDatabase, type ScratchDatabase } from '../../server/store/scratch.ts';
import { generateRsaKeyPair, type RsaKeyPair } from '../../server/crypto/rsa.ts';
import { NO_PROCESS_RETRY_AFTER_SECONDS, serverStates, startHaproxy } from '../../scripts/cluster/haproxy.ts';
import { startCluster, type Cluster } from '../../scripts/cluster/start.ts';
import { fetchFrom } from '../support/fetch-from.ts';
import { LoginError, NodeTransport, signIn } from '../support/node-transport.ts';
import { listen } from '../support/stomp-listener.ts';
import { createAccountIn, TEST_PASSWORD } from '../support/test-server.ts';

const SERVER = fileURLToPath(new URL('./cluster.server.ts', import.meta.url));
const MQ_SYS_NAME = 'chatgen';

/** Ports nothing listens on now (each taken from the system, then released). */
async function freePorts(count: number): Promise<number[]> {
  const ports: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (address && typeof address === 'object') ports.push(address.port);
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  return ports;
}

let scratch: ScratchDatabase;
let db: Database;
let cluster: Cluster;
let device: RsaKeyPair;
const lines: string[] = [];

beforeAll(async () => {
  scratch = await createScratchDatabase();
  db = await openPostgresDatabase(scratch.url);
  await migrate(db);
  device = await generateRsaKeyPair();
  const [port = 0, statsPort = 0, ...processPorts] = await freePorts(4);
  cluster = await startCluster({
    host: '127.0.0.1',
    port,
    statsPort,
    processPorts,
    serverArgs: ['--import', 'tsx', SERVER],
    env: { ...process.env, MQ_SYS_NAME, DATABASE_URL: scratch.url, BROKER_URL: TEST_BROKER_URL, BROKER_EXCHANGE: testExchange('balancer') },
    // Long enough that the killed process's absence is seen by the health checks (two failures a second apart).
    restartDelayMs: 4_000,
    log: (line) => lines.push(line),
  });
}, 180_000);

afterAll(async () => {
  await cluster?.stop();
  await db?.close();
  await scratch?.drop();
});

/** A password login through the balancer from `address`: 'ok' or the refusal's error name. */
async function loginFrom(address: string, loginName: string, password: string): Promise<string> {
  try {
    await signIn(cluster.url, loginName, password, { device, transport: new NodeTransport(cluster.url, {}, fetchFrom(address)) });
    return 'ok';
  } catch (error) {
    if (!(error instanceof LoginError)) throw error;
    const code = error.errMsgList[0]?.errors[0]?.code;
    const name = Object.entries(errorCodeByName).find(([, value]) => value === code)?.[0];
    return name ?? String(code);
  }
}

describe('behind the cluster balancer', () => {
  it("one address's failed logins throttle that address, not the users on other addresses", async () => {
    const r = repos(db);
    const users = ['bal_ana', 'bal_ben', 'bal_cho', 'bal_dev', 'bal_eli', 'bal_fay'];
    for (const loginName of users) await createAccountIn(r, { loginName });

    // Password spraying from one address, past that address's cap over all names.
    for (let i = 0; i < THROTTLE.address.free + 5; i += 1) await loginFrom('127.0.0.2', `bal_sprayed_${i}`, 'Winter2026!');
    expect(await loginFrom('127.0.0.2', 'bal_sprayed_last', 'Winter2026!')).toBe('TOO_MANY_REQUESTS');

    // Six users, each on an address of their own, log in with their right password at once.
    const outcomes = await Promise.all(users.map((loginName, i) => loginFrom(`127.0.0.${10 + i}`, loginName, TEST_PASSWORD)));
    expect(outcomes).toEqual(users.map(() => 'ok'));
    // The throttle's log names the sprayer's own address, not the balancer's.
    expect(lines.some((line) => line.includes('login throttled') && line.includes('127.0.0.2'))).toBe(true);
  });

  it('a process killed with SIGKILL is routed around while down, then restarted and routed to again', async () => {
    const [victim, survivor] = cluster.processes;
    if (!victim || !survivor) throw new Error('two processes');
    expect(await serverStates(cluster.statsUrl)).toEqual({ process1: 'UP', process2: 'UP' });
    const killed = victim.child;
    killed.kill('SIGKILL');
    await expect.poll(async () => (await serverStates(cluster.statsUrl)).process1, { timeout: 10_000, interval: 200 }).toBe('DOWN');

    // While it is down every call is answered, all of them by the other process.
    const sessionsOf = async (server: string) => {
      const csv = await (await fetch(`${cluster.statsUrl};csv`)).text();
      const row = csv.split('\n').find((line) => line.startsWith(`processes,${server},`));
      return Number(row?.split(',')[7]); // stot: sessions sent to this server so far
    };
    const before = await sessionsOf('process1');
    const statuses = await Promise.all(
      Array.from({ length: 20 }, async () => (await fetch(`${cluster.url}/v3/chat/pub/application/getpublicapplicationprofile`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } })).status),
    );
    expect(statuses).toEqual(statuses.map(() => 200));
    expect(await sessionsOf('process1')).toBe(before);

    // Started again on its port; back in the rotation once its /readyz answers.
    await expect.poll(async () => (await serverStates(cluster.statsUrl)).process1, { timeout: 60_000, interval: 500 }).toBe('UP');
    expect(victim.starts).toBe(2);
    expect(victim.child).not.toBe(killed);
    expect(lines.some((line) => line.startsWith('process1 stopped (SIGKILL)'))).toBe(true);
    const a = await signIn(cluster.url, 'bal_ana', TEST_PASSWORD, { device });
    // Sockets too: each of four connections lands on one process or the other, and every one is served.
    for (let i = 0; i < 4; i += 1) {
      const listener = await listen(cluster.url, a.apiKey, replyQueue(MQ_SYS_NAME, a.accountId));
      await listener.close();
    }
    await expect.poll(() => sessionsOf('process1'), { timeout: 10_000 }).toBeGreaterThan(before);
  });

  it('with no process to answer, a call gets the API failure shape with 503 and Retry-After', async () => {
    const [port = 0, statsPort = 0, nowhere = 0] = await freePorts(3);
    const balancer = await startHaproxy({ host: '127.0.0.1', port, statsPort, backends: [{ name: 'process1', host: '127.0.0.1', port: nowhere }] });
    try {
      const answer = await fetch(`${balancer.url}/v3/chat/pub/application/getpublicapplicationprofile`, { method: 'POST', body: '{}' });
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe(String(NO_PROCESS_RETRY_AFTER_SECONDS));
      const body = (await answer.json()) as { status: string; errMsgList: { errors: { code: string }[] }[] };
      expect(body.status).toBe('failed');
      expect(body.errMsgList[0]?.errors[0]?.code).toBe(errorCodeByName.INTERNAL_ERROR);
    } finally {
      await balancer.close();
    }
  });
});
