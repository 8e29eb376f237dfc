// What only the PostgreSQL engine has: a pool running statements side by side, int8 as the embedded
// engine returns it, migrations from several processes at once, blobs in the database.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BlobTooLargeError, saveBlob } from './blobs.ts';
import { loadMigrations, migrate } from './migrate.ts';
import { PostgresBlobStore } from './postgres-blobs.ts';
import { lockRoom, repos } from './repos/index.ts';
import { openPostgresDatabase, type PostgresDatabase } from './postgres.ts';
import { createScratchDatabase, type ScratchDatabase } from './scratch.ts';

const MIGRATOR = fileURLToPath(new URL('./postgres.migrator.ts', import.meta.url));

let scratch: ScratchDatabase;
let db: PostgresDatabase;
beforeAll(async () => {
  scratch = await createScratchDatabase();
  db = await openPostgresDatabase(scratch.url, { poolSize: 4 });
});
afterAll(async () => {
  await db?.close();
  await scratch?.drop();
});

function runMigrator(url: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', MIGRATOR, url], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

describe('PostgreSQL engine', () => {
  it('runs statements outside transactions side by side on the pool', async () => {
    // Four sleeps at once are seen running together by another connection; one after another, at most one would be.
    // (Seen, not timed: a busy machine makes every statement slower, never one after another look parallel.)
    const observer = await openPostgresDatabase(scratch.url, { poolSize: 1 });
    try {
      const sleeps = Promise.all(Array.from({ length: 4 }, () => db.query('SELECT pg_sleep(2) /* side by side */')));
      await vi.waitFor(
        async () => {
          const { rows } = await observer.query<{ running: number }>(
            `SELECT count(*)::int AS running FROM pg_stat_activity
              WHERE datname = current_database() AND state = 'active' AND query LIKE '%side by side%' AND pid <> pg_backend_pid()`,
          );
          expect(rows[0]?.running).toBe(4);
        },
        { timeout: 30_000, interval: 50 },
      );
      await sleeps;
    } finally {
      await observer.close();
    }
  });

  it('returns int8 as the embedded engine does: a number while exact, a bigint beyond', async () => {
    const { rows } = await db.query<{ small: unknown; big: unknown; list: unknown; counted: unknown }>(
      "SELECT 42::int8 AS small, 9007199254740993::int8 AS big, ARRAY[1, NULL, 3]::bigint[] AS list, count(*) AS counted FROM (VALUES (1), (2)) v(x)",
    );
    expect(rows[0]).toEqual({ small: 42, big: 9007199254740993n, list: [1, null, 3], counted: 2 });
  });

  it('keeps a transaction on one pooled connection while other statements run beside it', async () => {
    await db.exec('CREATE TABLE tx_probe (label text)');
    await db.transaction(async (tx) => {
      const inside = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      await tx.query("INSERT INTO tx_probe VALUES ('inside')");
      // The database handle used inside the transaction joins it (AsyncLocalStorage): same backend,
      // and it sees the uncommitted row.
      const viaDb = await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      expect(viaDb.rows[0]?.pid).toBe(inside.rows[0]?.pid);
      expect((await db.query('SELECT count(*) AS n FROM tx_probe')).rows[0]).toEqual({ n: 1 });
    });
    const { rows } = await db.query<{ n: number }>('SELECT count(*) AS n FROM tx_probe');
    expect(rows[0]?.n).toBe(1);
  });

  it('applies the migrations exactly once when several processes start together', async () => {
    const shared = await createScratchDatabase();
    try {
      const results = await Promise.all([runMigrator(shared.url), runMigrator(shared.url), runMigrator(shared.url)]);
      for (const result of results) expect(result.code, result.out).toBe(0);
      const applied = results.reduce((sum, result) => sum + Number(/APPLIED (\d+)/.exec(result.out)?.[1] ?? NaN), 0);
      expect(applied).toBe(loadMigrations().length);
      const check = await openPostgresDatabase(shared.url, { poolSize: 1 });
      try {
        const { rows } = await check.query<{ n: number }>('SELECT count(*) AS n FROM schema_migrations');
        expect(rows[0]?.n).toBe(loadMigrations().length);
      } finally {
        await check.close();
      }
    } finally {
      await shared.drop();
    }
  });

  it("gives a send that waited for the room's lock the facts the lock's holder committed", async () => {
    await migrate(db);
    const r = repos(db);
    const tenant = await r.tenants.create({ shortName: 'LK', fullname: 'Lock' });
    const [alice, bob] = await Promise.all(
      ['lk_alice', 'lk_bob'].map((loginName) => r.accounts.create({ tenantId: tenant.id, loginName, userFullname: loginName, passwordHash: null, mustChangePassword: false })),
    );
    const room = await r.rooms.create({ roomType: 'MULTIPLE', roomName: 'Locked', createdBy: alice!.id });
    await r.members.add(room.id, [alice!.id, bob!.id], { admin: false });
    await db.query("INSERT INTO aes_keys (message_key_uuid, room_id, aes_key, algorithm, created_at) VALUES ('lk-key', $1, 'k', 'GCM', now() - interval '1 minute')", [room.id]);
    const query = { roomId: room.id, accountId: bob!.id, policyAttrs: ['SEND_MESSAGE'], replyToId: null, namedKey: 'lk-key' };
    expect((await r.sendFacts.readLocked(query))?.member?.leftAt).toBeNull();

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let removed!: () => void;
    const locked = new Promise<void>((resolve) => (removed = resolve));
    // Bob's removal holds the room's lock while Bob's send asks for it.
    const removal = db.transaction(async (tx) => {
      await lockRoom(tx, room.id);
      await repos(tx).members.remove(room.id, bob!.id);
      removed();
      await held;
    });
    await locked;
    const send = db.transaction((tx) => repos(tx).sendFacts.readLocked(query));
    await expect
      .poll(async () => (await db.query("SELECT count(*) AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()")).rows[0]?.n)
      .toBe(1);
    release();
    await removal;
    const facts = await send;
    expect(facts?.member?.leftAt).not.toBeNull();
    expect(facts?.key?.membershipChanged).toBe(true);
  });

  it('keeps blob bytes in the database, once per content, and refuses past the limit', async () => {
    await migrate(db);
    const store = new PostgresBlobStore(db);
    const bytes = Buffer.from('attachment bytes \u0000\u00ff', 'latin1');
    const first = await saveBlob(store, db, bytes, { contentType: 'text/plain', maxBytes: 1024 });
    const second = await saveBlob(store, db, bytes, { contentType: 'text/plain', maxBytes: 1024 });
    expect(second.id).toBe(first.id);
    expect(Buffer.compare(await store.read(first.path), bytes)).toBe(0);
    const { rows } = await db.query<{ n: number }>('SELECT count(*) AS n FROM blob_contents');
    expect(rows[0]?.n).toBe(1);
    await expect(store.write(Buffer.alloc(2048), 1024)).rejects.toBeInstanceOf(BlobTooLargeError);
    await expect(store.read('../../etc/passwd')).rejects.toThrow('not a blob path');
  });
});
