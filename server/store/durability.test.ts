import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openEmbeddedDatabase } from './db.ts';

const WRITER = fileURLToPath(new URL('./durability.writer.ts', import.meta.url));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatgen-durability-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Runs the writer until it has acknowledged `acks` ids past setup, then SIGKILLs it mid-burst. */
function writeThenKill(acks: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WRITER, dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
    const ids: number[] = [];
    let buffered = '';
    let stderr = '';
    let killed = false;
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) if (/^\d+$/.test(line)) ids.push(Number(line));
      if (!killed && ids.length >= acks) {
        killed = true;
        child.kill('SIGKILL');
      }
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      // A partial last line was never fully acknowledged: ignore it.
      if (signal === 'SIGKILL' && killed) resolve(ids);
      else reject(new Error(`writer ended early (code ${code}, signal ${signal}): ${stderr}`));
    });
  });
}

describe('durability', () => {
  it('keeps every acknowledged commit when the process is killed mid-burst', async () => {
    const acknowledged = await writeThenKill(300);
    expect(acknowledged.length).toBeGreaterThanOrEqual(300);

    const db = await openEmbeddedDatabase(dataDir);
    try {
      const { rows } = await db.query<{ id: number }>('SELECT id FROM messages WHERE id = ANY($1::bigint[])', [acknowledged]);
      const present = new Set(rows.map((r) => Number(r.id)));
      const missing = acknowledged.filter((id) => !present.has(id));
      expect(missing).toEqual([]);
      // Each committed message came with its receipt (the transaction was atomic).
      const receipts = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM message_receipts WHERE message_id = ANY($1::bigint[])', [acknowledged]);
      expect(receipts.rows[0]?.n).toBe(acknowledged.length);
      // The recovered database takes writes again.
      const { rows: after } = await db.query<{ n: number }>(
        "INSERT INTO tenants (short_name, fullname) VALUES ('after', 'After crash') RETURNING 1 AS n",
      );
      expect(after).toHaveLength(1);
    } finally {
      await db.close();
    }
  }, 60_000);
});
