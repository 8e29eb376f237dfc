// The embedded data folder holds one server: a second one started on a folder in use refuses to start and says
// why, and the first goes on serving (kill -9 during writes, 20 times: server/store/durability.test.ts).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { exited, killAllServerProcesses, startServerProcess } from '../support/server-process.ts';

const MAIN = fileURLToPath(new URL('../../server/main.ts', import.meta.url));
const root = fs.mkdtempSync(path.join(tmpdir(), 'chatgen-data-folder-'));
afterAll(() => {
  killAllServerProcesses();
  fs.rmSync(root, { recursive: true, force: true });
});

/** `npm start`'s server on `dataDir`: its exit code and what it printed, or null if it was still running after `ms`. */
function runMain(dataDir: string, ms: number): Promise<{ code: number | null; output: string } | null> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve(null);
    }, ms);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('data folder', () => {
  it('refuses a second server on a folder in use, with a message naming the one that holds it', async () => {
    const dataDir = path.join(root, 'in-use');
    const first = await startServerProcess(dataDir, false);
    const second = await runMain(dataDir, 60_000);
    expect(second).not.toBeNull();
    expect(second!.code).toBe(1);
    expect(second!.output).toContain(`DATA_DIR ${dataDir} is in use by another chatgen server (process ${first.child.pid}`);
    // The first one still serves.
    expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
    await exited(first.child, true);
  }, 90_000);
});
