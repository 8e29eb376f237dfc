// The data folder's lock: one holder at a time while it lives; a lock its process left behind is taken over.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, LOCK_FILE, lockDataDir } from './data-dir-lock.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'chatgen-lock-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
let folders = 0;
const folder = () => path.join(root, String(folders++));

/** The id of a process that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

const writeLock = (dir: string, holder: Record<string, unknown>) => {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify(holder));
};

describe('data folder lock', () => {
  it('refuses a second holder while the first lives, naming it, and frees the folder on release', () => {
    const dir = folder();
    const first = lockDataDir(dir);
    let refused: unknown;
    try {
      lockDataDir(dir);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(DataDirInUseError);
    expect((refused as Error).message).toContain(`DATA_DIR ${dir} is in use by another chatgen server (process ${process.pid}`);
    first.release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    lockDataDir(dir).release();
    // Nothing but the folder's own files is left behind.
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('takes over a lock whose process is gone, one cut short, and one whose process id now names another process', () => {
    const stale = [
      { pid: deadPid(), hostname: os.hostname(), processStart: null, startedAt: '2026-01-01T00:00:00.000Z' },
      // This test's own process id, started at another time: the id was recycled (a container's pid 1).
      { pid: process.pid, hostname: os.hostname(), processStart: '1', startedAt: '2026-01-01T00:00:00.000Z' },
    ];
    for (const holder of stale) {
      const dir = folder();
      writeLock(dir, holder);
      const lock = lockDataDir(dir);
      expect(JSON.parse(fs.readFileSync(lock.file, 'utf8'))).toMatchObject({ pid: process.pid });
      lock.release();
    }
    const dir = folder();
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, LOCK_FILE), '{"pid": 12');
    lockDataDir(dir).release();
  });

  it('refuses a lock written on another host, naming the file to delete', () => {
    const dir = folder();
    writeLock(dir, { pid: deadPid(), hostname: `${os.hostname()}-elsewhere`, processStart: null, startedAt: '' });
    expect(() => lockDataDir(dir)).toThrow(`delete ${path.join(dir, LOCK_FILE)}`);
  });

  it('leaves a lock that another holder took alone on release', () => {
    const dir = folder();
    const lock = lockDataDir(dir);
    writeLock(dir, { pid: process.pid, hostname: os.hostname(), processStart: null, startedAt: 'another' });
    lock.release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(true);
  });
});
