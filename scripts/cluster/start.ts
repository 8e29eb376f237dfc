// N server processes kept running (supervisor.ts) behind HAProxy (haproxy.ts): what `npm run cluster` starts, and
// what the cluster tests start on their own database and exchange.
import { READY_PATH } from '../../server/http/readiness.ts';
import { startHaproxy, type Backend, type RunningBalancer } from './haproxy.ts';
import { supervise, type Supervised } from './supervisor.ts';

export interface ClusterOptions {
  /** where clients connect */
  host: string;
  port: number;
  /** HAProxy's status page */
  statsPort: number;
  /** one port per server process (on 127.0.0.1) */
  processPorts: readonly number[];
  /** the server: node with these arguments (PORT and HOST are set per process) */
  serverArgs: readonly string[];
  /** every process's environment (DATABASE_URL, BROKER_URL, …) */
  env: NodeJS.ProcessEnv;
  log?: (line: string) => void;
  /** first pause before restarting a process that died (default 1 s) */
  restartDelayMs?: number;
  /** how long a process may take to turn ready at start (default 180 s: the first one migrates and seeds) */
  readyTimeoutMs?: number;
}

export interface Cluster {
  url: string;
  statsUrl: string;
  balancer: RunningBalancer;
  processes: Supervised[];
  backends: Backend[];
  stop(): Promise<void>;
}

/** Resolves once the process on `port` answers GET /readyz with 200 (a process that dies meanwhile is restarted). */
export async function waitUntilReady(port: number, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const answer = await fetch(`http://127.0.0.1:${port}${READY_PATH}`).catch(() => null);
    if (answer?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server process on port ${port} not ready after ${Math.round(timeoutMs / 1000)} s`);
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const log = options.log ?? (() => undefined);
  const readyTimeoutMs = options.readyTimeoutMs ?? 180_000;
  const backends: Backend[] = options.processPorts.map((port, i) => ({ name: `process${i + 1}`, host: '127.0.0.1', port }));
  const processes: Supervised[] = [];
  const startProcess = (backend: Backend): Supervised => {
    const supervised = supervise({
      name: backend.name,
      command: process.execPath,
      args: options.serverArgs,
      // Behind the balancer every connection comes from it: the client is the address it forwards.
      env: { ...options.env, PORT: String(backend.port), HOST: '127.0.0.1', TRUST_PROXY: options.env.TRUST_PROXY || '127.0.0.1' },
      restartDelayMs: options.restartDelayMs,
      onLine: (line) => log(`[${backend.name}] ${line}`),
      onExit: (code, signal, restartInMs) =>
        log(`${backend.name} stopped (${signal ?? `code ${code}`}); the balancer routes around it; restarting in ${Math.round(restartInMs / 1000)} s`),
    });
    processes.push(supervised);
    return supervised;
  };
  const stopProcesses = () => Promise.all(processes.map((p) => p.stop()));
  let balancer: RunningBalancer | null = null;
  // However this process ends, its children end with it (a signal cannot wait for the graceful stop()).
  const killChildren = () => {
    for (const child of [...processes.map((p) => p.child), balancer?.child]) if (child && child.exitCode === null) child.kill('SIGTERM');
  };
  process.once('exit', killChildren);
  try {
    // The first process migrates the database (and the demo seeds it); the others start on the prepared one.
    const [first, ...others] = backends;
    if (!first) throw new Error('a cluster needs at least one process');
    startProcess(first);
    await waitUntilReady(first.port, readyTimeoutMs);
    for (const backend of others) startProcess(backend);
    await Promise.all(others.map((backend) => waitUntilReady(backend.port, readyTimeoutMs)));
    balancer = await startHaproxy({ host: options.host, port: options.port, statsPort: options.statsPort, backends }, (line) => log(`[haproxy] ${line}`));
    const running = balancer;
    return {
      url: running.url,
      statsUrl: running.statsUrl,
      balancer: running,
      processes,
      backends,
      async stop() {
        await running.close();
        await stopProcesses();
        process.off('exit', killChildren);
      },
    };
  } catch (error) {
    await stopProcesses();
    process.off('exit', killChildren);
    throw error;
  }
}
