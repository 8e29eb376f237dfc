// `npm run cluster`: N reference server processes (CLUSTER_PROCESSES, default 2) on one PostgreSQL and one
// RabbitMQ, behind HAProxy on one port (PORT, default 8080) that balances HTTP and WebSocket upgrades between
// them, checks each on /readyz and routes around one that is down; a process that dies is started again. Serves
// the built client of VARIANT and prints the demo logins. A demo of the deployment docs/deploy.md describes.
import pg from 'pg';
import { DEMO_LOGINS } from '../server/seed/demo.ts';
import { startCluster } from './cluster/start.ts';

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

async function main(): Promise<void> {
  const processes = count(process.env.CLUSTER_PROCESSES, 2, 'CLUSTER_PROCESSES');
  const port = count(process.env.PORT, 8080, 'PORT');
  const host = process.env.HOST ?? '127.0.0.1';
  const processPorts = Array.from({ length: processes }, (_, i) => port + 1 + i);
  const statsPort = count(process.env.CLUSTER_STATS_PORT, port + processes + 1, 'CLUSTER_STATS_PORT');
  const cluster = await startCluster({
    host,
    port,
    statsPort,
    processPorts,
    serverArgs: ['--import', 'tsx', 'server/main.ts'],
    env: {
      ...process.env,
      DATABASE_URL: await databaseUrl(),
      BROKER_URL: process.env.BROKER_URL ?? 'amqp://guest:guest@127.0.0.1:5672',
    },
    // The processes' own start-up lines (each prints the demo logins; the entry prints them once).
    log: (line) => console.error(line),
  });
  console.log('');
  console.log(`chatgen cluster: ${processes} server processes (ports ${processPorts.join(', ')}) on PostgreSQL and RabbitMQ, behind HAProxy`);
  console.log(`Ready. Open ${cluster.url}/ in a browser (requests and sockets alternate between the processes).`);
  console.log(`HAProxy's status page (processes up or down): ${cluster.statsUrl}`);
  console.log('Demo logins:');
  for (const login of DEMO_LOGINS) console.log(`  ${login.loginName.padEnd(12)} ${login.password.padEnd(12)} ${login.note}`);

  const stop = async (signal: string) => {
    console.log(`${signal}: stopping`);
    await cluster.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
