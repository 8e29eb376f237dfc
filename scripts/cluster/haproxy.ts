// The load balancer of `npm run cluster`: HAProxy from Debian's packages (scripts/test-services.sh installs it when
// missing), run in the foreground with a configuration written for the cluster's processes. The same settings,
// for a production machine, are in docs/deploy.md "The load balancer".
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ApiError } from '../../server/http/api-error.ts';
import { failureBody } from '../../server/http/failure.ts';
import { READY_PATH } from '../../server/http/readiness.ts';

export interface Backend {
  name: string;
  host: string;
  port: number;
}

export interface BalancerOptions {
  /** where clients connect */
  host: string;
  port: number;
  backends: readonly Backend[];
  /** HAProxy's status page (servers up or down, sessions, checks), on its own port */
  statsPort: number;
}

/** Seconds a client is asked to wait when no process answers. */
export const NO_PROCESS_RETRY_AFTER_SECONDS = 5;

/** The answer when no process can take a call: the seed's failure shape, "Cannot connect to server". */
export function noProcessBody(): string {
  return JSON.stringify(failureBody(new ApiError('INTERNAL_ERROR', 'no server process answers')));
}

/**
 * The configuration: round robin over the processes for requests and WebSocket upgrades alike (no sticky
 * sessions: any process serves any client), a process taken out after two failed `GET /readyz` checks a second
 * apart and back after two good ones, a call that could not reach a process tried once more on another, and the
 * client's address appended to X-Forwarded-For (the processes trust it from this balancer: TRUST_PROXY).
 */
export function haproxyConfig(options: BalancerOptions, errorBodyFile: string): string {
  const servers = options.backends.map((b) => `  server ${b.name} ${b.host}:${b.port} check`);
  const errors = [502, 503, 504].map(
    (status) => `  http-error status ${status} content-type application/json file ${errorBodyFile} hdr retry-after ${NO_PROCESS_RETRY_AFTER_SECONDS}`,
  );
  return [
    // No global maxconn: HAProxy sizes it from the open-file limit it is started with.
    'global',
    '',
    'defaults',
    '  mode http',
    '  option forwardfor',
    '  option redispatch',
    '  retries 2',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout http-request 10s',
    // An upgraded WebSocket is a tunnel: STOMP heart-beats (15 s) keep it busy well within this.
    '  timeout tunnel 60s',
    '  timeout client-fin 5s',
    ...errors,
    '',
    'frontend chatgen',
    `  bind ${options.host}:${options.port}`,
    '  default_backend processes',
    '',
    'backend processes',
    '  balance roundrobin',
    `  option httpchk GET ${READY_PATH}`,
    '  http-check expect status 200',
    // A process that is down drops its sockets at once, so their clients reconnect to another.
    '  default-server inter 1s fall 2 rise 2 on-marked-down shutdown-sessions',
    ...servers,
    '',
    'listen stats',
    `  bind 127.0.0.1:${options.statsPort}`,
    '  stats enable',
    '  stats uri /',
    '  stats refresh 5s',
    '',
  ].join('\n');
}

/** HAPROXY, else haproxy on the PATH, else Debian's /usr/sbin/haproxy (sbin is not on every user's PATH). */
export function haproxyBinary(env: NodeJS.ProcessEnv = process.env): string {
  const candidates = [env.HAPROXY, ...(env.PATH ?? '').split(':').filter(Boolean).map((dir) => path.join(dir, 'haproxy')), '/usr/sbin/haproxy'];
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // next one
    }
  }
  throw new Error('HAProxy not found: install it (apt-get install haproxy; scripts/test-services.sh does) or set HAPROXY');
}

export interface RunningBalancer {
  url: string;
  statsUrl: string;
  child: ChildProcess;
  close(): Promise<void>;
}

/** Starts HAProxy in the foreground (-db) and resolves once it accepts connections. */
export async function startHaproxy(options: BalancerOptions, log: (line: string) => void = () => undefined): Promise<RunningBalancer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'chatgen-haproxy-'));
  const errorBodyFile = path.join(dir, 'no-process.json');
  const configFile = path.join(dir, 'haproxy.cfg');
  await writeFile(errorBodyFile, noProcessBody());
  await writeFile(configFile, haproxyConfig(options, errorBodyFile));
  const child = spawn(haproxyBinary(), ['-db', '-f', configFile], { stdio: ['ignore', 'ignore', 'pipe'] });
  let said = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    said = (said + chunk.toString()).slice(-2000);
    log(chunk.toString().trimEnd());
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    await rm(dir, { recursive: true, force: true });
  };
  const statsUrl = `http://127.0.0.1:${options.statsPort}/`;
  const until = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) {
      await close();
      throw new Error(`HAProxy stopped at start (code ${child.exitCode}): ${said.trim()}`);
    }
    if ((await fetch(statsUrl).catch(() => null))?.ok) break;
    if (Date.now() > until) {
      await close();
      throw new Error('HAProxy did not start within 10 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url: `http://${options.host}:${options.port}`, statsUrl, child, close };
}

/** Each server's state as HAProxy's checks see it (UP, DOWN, …), from its status page's CSV. */
export async function serverStates(statsUrl: string): Promise<Record<string, string>> {
  const csv = await (await fetch(`${statsUrl};csv`)).text();
  const states: Record<string, string> = {};
  for (const line of csv.split('\n')) {
    const [proxy, server, ...fields] = line.split(',');
    // The CSV's column 17 (status, counting from 0); fields starts at column 2.
    if (proxy === 'processes' && server && server !== 'BACKEND') states[server] = fields[15]?.split(' ')[0] ?? '';
  }
  return states;
}
