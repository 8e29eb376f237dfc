import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openEmbeddedDatabase } from './db.ts';

const WRITER = fileURLToPath(new URL('./durability.writer.ts', import.meta.url));
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'chatgen-durability-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

interface Run {
  /** Ids the writer acknowledged before it was killed. */
  ids: number[];
  /** From the start of the process to its 'ready' (opened, recovered, migrated). */
  startMs: number;
}

/** Runs the writer until it has acknowledged `acks` ids past setup, then SIGKILLs it mid-burst. */
function writeThenKill(dataDir: string, acks: number): Promise<Run> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(process.execPath, ['--import', 'tsx', WRITER, dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
    const ids: number[] = [];
    let startMs = -1;
    let buffered = '';
    let stderr = '';
    let killed = false;
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        if (line === 'ready') startMs = Date.now() - started;
        if (/^\d+$/.test(line)) ids.push(Number(line));
      }
      if (!killed && ids.length >= acks) {
        killed = true;
        child.kill('SIGKILL');
      }
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      // A partial last line was never fully acknowledged: ignore it.
      if (signal === 'SIGKILL' && killed) resolve({ ids, startMs });
      else reject(new Error(`writer ended early (code ${code}, signal ${signal}): ${stderr}`));
    });
  });
}

/** Every acknowledged id is there with its receipt, and the recovered database takes writes again. */
async function expectAllKept(dataDir: string, acknowledged: number[]): Promise<void> {
  const db = await openEmbeddedDatabase(dataDir);
  try {
    const { rows } = await db.query<{ id: number }>('SELECT id FROM messages WHERE id = ANY($1::bigint[])', [acknowledged]);
    const present = new Set(rows.map((r) => Number(r.id)));
    const missing = acknowledged.filter((id) => !present.has(id));
    expect(missing).toEqual([]);
    // Each committed message came with its receipt (the transaction was atomic).
    const receipts = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM message_receipts WHERE message_id = ANY($1::bigint[])', [acknowledged]);
    expect(receipts.rows[0]?.n).toBe(acknowledged.length);
    const { rows: after } = await db.query<{ n: number }>("INSERT INTO tenants (short_name, fullname) VALUES ('after', 'After crash') RETURNING 1 AS n");
    expect(after).toHaveLength(1);
  } finally {
    await db.close();
  }
}

describe('durability', () => {
  it('keeps every acknowledged commit when the process is killed mid-burst', async () => {
    const dataDir = path.join(root, 'once');
    const { ids } = await writeThenKill(dataDir, 300);
    expect(ids.length).toBeGreaterThanOrEqual(300);
    await expectAllKept(dataDir, ids);
  }, 60_000);

  it('starts again after kill -9 during writes, 20 times in a row, keeping every acknowledged commit', async () => {
    const dataDir = path.join(root, 'again');
    const acknowledged: number[] = [];
    const startMs: number[] = [];
    for (let round = 0; round < 20; round++) {
      // Killed at a different point each round: after 1 to 60 commits of this round.
      const run = await writeThenKill(dataDir, 1 + ((round * 13) % 60));
      acknowledged.push(...run.ids);
      startMs.push(run.startMs);
    }
    // Each start (the lock of the killed process taken over, the engine's recovery) is a plain start, not a repair.
    expect(Math.max(...startMs)).toBeLessThan(30_000);
    await expectAllKept(dataDir, acknowledged);
  }, 600_000);
});
