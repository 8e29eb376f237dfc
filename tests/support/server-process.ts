// Reference servers in child processes: on a fixed data folder (tests/server/messages/durability.server.ts), for
// tests that kill -9 the server and start it again on the same data, or any server script (tests/cluster).
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SERVER = fileURLToPath(new URL('../server/messages/durability.server.ts', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** With `setup`: the room and the login name of its writer the child created. */
  setup?: { roomId: string; loginName: string };
}

/** Children started here; `killAllServerProcesses` ends those still running (afterAll). */
const children: ChildProcess[] = [];

/** `env.DATABASE_URL` puts the rows on that PostgreSQL database instead of the data folder's embedded engine. */
export function startServerProcess(dataDir: string, setup: boolean, env: Record<string, string> = {}): Promise<ServerProcess> {
  return startServerScript(SERVER, [dataDir, ...(setup ? ['setup'] : [])], env);
}

/** Any server script that prints `URL <address>` once it serves (and `SETUP <json>` before, if it sets up). */
export function startServerScript(script: string, args: readonly string[] = [], env: Record<string, string> = {}): Promise<ServerProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    children.push(child);
    let out = '';
    let err = '';
    let parsedSetup: ServerProcess['setup'];
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const lines = out.split('\n');
      out = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith('SETUP ')) parsedSetup = JSON.parse(line.slice(6)) as ServerProcess['setup'];
        if (line.startsWith('URL ')) resolve({ child, url: line.slice(4), setup: parsedSetup });
      }
    });
    child.on('exit', (code, signal) => reject(new Error(`server process ended (code ${code}, signal ${signal}): ${err}`)));
  });
}

/** Resolves once the child has exited (after SIGKILL when `kill`). */
export function exited(child: ChildProcess, kill = false): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    if (kill) child.kill('SIGKILL');
  });
}

export function killAllServerProcesses(): void {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}
