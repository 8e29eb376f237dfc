// `npm run cluster`: N reference server processes (CLUSTER_PROCESSES, default 2) on one PostgreSQL and one
// RabbitMQ, behind one port (PORT, default 8080) that balances HTTP and WebSocket upgrades between them; serves
// the built client of VARIANT and prints the demo logins. A demo of the deployment docs/deploy.md describes.
import { spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import { DEMO_LOGINS } from '../server/seed/demo.ts';
import { startBalancer, type Backend } from './cluster-balancer.ts';

const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432';
const DEMO_DATABASE = 'chatgen_cluster';

function count(value: string | undefined, fallback: number, name: string): number {
  const parsed = Number(value ?? fallback);
  if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`${name} must be a positive integer, got "${value}"`);
  return parsed;
}

/** Without DATABASE_URL: the local server's chatgen_cluster database, created on first use. */
async function databaseUrl(): Promise<string> {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const admin = new pg.Client({ connectionString: `${LOCAL_POSTGRES}/postgres` });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DEMO_DATABASE]);
    if (rowCount === 0) await admin.query(`CREATE DATABASE ${DEMO_DATABASE}`); // a constant name, not input
  } finally {
    await admin.end();
  }
  return `${LOCAL_POSTGRES}/${DEMO_DATABASE}`;
}

async function ready(backend: Backend, child: ChildProcess, timeoutMs = 180_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server process on port ${backend.port} stopped (code ${child.exitCode})`);
    const answer = await fetch(`http://${backend.host}:${backend.port}/readyz`).catch(() => null);
    if (answer?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server process on port ${backend.port} not ready after ${timeoutMs / 1000} s`);
}

async function main(): Promise<void> {
  const processes = count(process.env.CLUSTER_PROCESSES, 2, 'CLUSTER_PROCESSES');
  const port = count(process.env.PORT, 8080, 'PORT');
  const host = process.env.HOST ?? '127.0.0.1';
  const env = {
    ...process.env,
    DATABASE_URL: await databaseUrl(),
    BROKER_URL: process.env.BROKER_URL ?? 'amqp://guest:guest@127.0.0.1:5672',
    HOST: '127.0.0.1',
  };
  const backends: Backend[] = Array.from({ length: processes }, (_, i) => ({ host: '127.0.0.1', port: port + 1 + i }));
  const children: ChildProcess[] = [];
  const stopAll = () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  };
  process.once('exit', stopAll);

  const start = (backend: Backend, index: number): ChildProcess => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...env, PORT: String(backend.port) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const prefix = `[process ${index + 1}] `;
    // The processes' own start-up lines (each prints the demo logins; the entry prints them once).
    child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(chunk.toString().replace(/^(?=.)/gm, prefix)));
    children.push(child);
    return child;
  };
  // The first process migrates and seeds the demo organisation; the others start on the prepared database.
  const first = start(backends[0]!, 0);
  await ready(backends[0]!, first);
  await Promise.all(backends.slice(1).map((backend, i) => ready(backend, start(backend, i + 1))));

  const balancer = await startBalancer(backends, port, host);
  console.log('');
  console.log(`chatgen cluster: ${processes} server processes (ports ${backends.map((b) => b.port).join(', ')}) on PostgreSQL and RabbitMQ`);
  console.log(`Ready. Open http://${host}:${port}/ in a browser (requests and sockets alternate between the processes).`);
  console.log('Demo logins:');
  for (const login of DEMO_LOGINS) console.log(`  ${login.loginName.padEnd(12)} ${login.password.padEnd(12)} ${login.note}`);

  let stopping = false;
  const stop = async (signal: string) => {
    stopping = true;
    console.log(`${signal}: stopping`);
    await balancer.close();
    stopAll();
    await Promise.all(children.map((child) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)))));
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
  for (const child of children) {
    child.once('exit', (code) => {
      if (!stopping) console.error(`a server process stopped (code ${code}); the others go on serving`);
    });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
