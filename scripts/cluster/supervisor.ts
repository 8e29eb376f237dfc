// Keeps one server process of `npm run cluster` running: a process that dies (a crash, kill -9, out of memory) is
// started again on its port, after a pause that doubles while it keeps dying soon after start (1 s up to 30 s), so
// a process that cannot start does not spin. While it is down the balancer's health checks route around it.
import { spawn, type ChildProcess } from 'node:child_process';

export interface SupervisedOptions {
  /** names the process in the log lines */
  name: string;
  command: string;
  args: readonly string[];
  env: NodeJS.ProcessEnv;
  /** every line the process writes (stdout and stderr) */
  onLine?: (line: string) => void;
  /** a stop, its exit code or signal, and the pause before the next start */
  onExit?: (code: number | null, signal: NodeJS.Signals | null, restartInMs: number) => void;
  /** first pause before a restart, in ms (default 1000), doubled up to `maxRestartDelayMs` (default 30,000) */
  restartDelayMs?: number;
  maxRestartDelayMs?: number;
  /** a process that ran this long before it stopped restarts after the first pause again (default 60,000) */
  stableAfterMs?: number;
}

export interface Supervised {
  readonly name: string;
  /** the process running now, or the last one while a restart waits */
  readonly child: ChildProcess;
  /** starts so far, the first one included */
  readonly starts: number;
  /** Stops the process (SIGTERM, SIGKILL after `graceMs`) and restarts it no more. */
  stop(graceMs?: number): Promise<void>;
}

export function supervise(options: SupervisedOptions): Supervised {
  const firstDelay = options.restartDelayMs ?? 1_000;
  const maxDelay = options.maxRestartDelayMs ?? 30_000;
  const stableAfter = options.stableAfterMs ?? 60_000;
  let delay = firstDelay;
  let stopping = false;
  let starts = 0;
  let restartTimer: NodeJS.Timeout | null = null;
  let child: ChildProcess;

  const forward = (stream: NodeJS.ReadableStream | null) => {
    let rest = '';
    stream?.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) options.onLine?.(line);
    });
  };

  const start = () => {
    starts += 1;
    const startedAt = Date.now();
    child = spawn(options.command, options.args, { env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
    forward(child.stdout);
    forward(child.stderr);
    child.once('exit', (code, signal) => {
      if (stopping) return;
      if (Date.now() - startedAt >= stableAfter) delay = firstDelay;
      const wait = delay;
      delay = Math.min(maxDelay, delay * 2);
      options.onExit?.(code, signal, wait);
      restartTimer = setTimeout(start, wait);
    });
  };
  start();

  return {
    name: options.name,
    get child() {
      return child;
    },
    get starts() {
      return starts;
    },
    async stop(graceMs = 10_000) {
      stopping = true;
      if (restartTimer) clearTimeout(restartTimer);
      const running = child;
      if (running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
      running.kill('SIGTERM');
      const force = setTimeout(() => running.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(force);
    },
  };
}
