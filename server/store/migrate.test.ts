import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db.ts';
import { loadMigrations, migrate } from './migrate.ts';
import { openBlankTestDatabase } from './testing.ts';

// The 31 policy keys of the seed, section 3.
const SEED_POLICY_KEYS = `ADD_MEMBER, ALLOW_COPY, ALLOW_FORWARD_MSG, ALLOW_INAPP_COPY, ALLOW_EXIT_ROOM, ALLOW_DELETE_ROOM,
  ALLOW_MUTE_NOTI, ALLOW_SELF_DESTRUCT, EDIT_ADMIN, EDIT_ROOM_INFO, EDIT_ROOM_POLICY, RECALL_MESSAGE_TIME, REMOVE_MEMBER,
  ROOM_SIZE_LIMIT, SCREEN_CAP_SYS_MSG, SEND_MESSAGE, SHOW_MEDIA_WATERMARK, SHOW_MSG_WATERMARK, ALLOW_DRAWING_MSG,
  ALLOW_CONTACTS_MSG, ALLOW_STAR_MSG, ALLOW_RECALL_MESSAGE, ALLOW_DOWN_ORIG_MSG, ALLOW_HIDE_ROOM, ALLOW_CLOSE_ROOM,
  ALLOW_DOWN_ATTACH, ALLOW_EXPORT_MSG, ALLOW_ARCHIVE_MSG, COPY_MEMBER_CREAT_RM, ALLOW_VOICE_TO_TEXT, ALLOW_DELETE_ALL_MSG`
  .split(',')
  .map((key) => key.trim());

let db: Database;
beforeAll(async () => {
  db = await openBlankTestDatabase();
});
afterAll(() => db.close());

describe('migrations', () => {
  it('are numbered, ordered and unique', () => {
    const versions = loadMigrations().map((m) => m.version);
    expect(versions.length).toBeGreaterThanOrEqual(2);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    expect(new Set(versions).size).toBe(versions.length);
  });

  it('apply on a fresh database, then are a no-op', async () => {
    const first = await migrate(db);
    expect(first.applied.map((m) => m.version)).toEqual(loadMigrations().map((m) => m.version));
    const { rows } = await db.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
    );
    const tables = rows.map((r) => r.table_name);
    for (const table of ['accounts', 'sessions', 'auth_tokens', 'rooms', 'room_members', 'room_policies', 'aes_keys',
      'messages', 'message_receipts', 'blobs', 'jobs', 'app_versions', 'user_key_pairs', 'room_events',
      'room_audit_records', 'tenants', 'schema_migrations']) {
      expect(tables).toContain(table);
    }
    const again = await migrate(db);
    expect(again.applied).toEqual([]);
    expect(again.skipped).toEqual(first.applied.map((m) => m.version));
    const recorded = await db.query('SELECT version FROM schema_migrations');
    expect(recorded.rows).toHaveLength(first.applied.length);
  });

  it('install a default for every one of the 31 policy keys of the seed', async () => {
    const { rows } = await db.query<{ attr: string; seq: number }>(
      "SELECT attr, seq FROM default_room_policies WHERE room_type = '*' ORDER BY seq",
    );
    expect(rows.map((r) => r.attr).sort()).toEqual([...SEED_POLICY_KEYS].sort());
    expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: 31 }, (_, i) => i + 1));
    // Overrides only name keys that exist.
    const overrides = await db.query<{ attr: string }>("SELECT attr FROM default_room_policies WHERE room_type <> '*'");
    for (const r of overrides.rows) expect(SEED_POLICY_KEYS).toContain(r.attr);
  });

  it('refuse a migration file changed after it was applied', async () => {
    const changed = loadMigrations().map((m, i) => (i === 0 ? { ...m, checksum: 'different' } : m));
    await expect(migrate(db, changed)).rejects.toThrow('changed after it was applied');
  });

  it('apply each file atomically: a failing file leaves nothing behind', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatgen-migrations-'));
    fs.writeFileSync(path.join(dir, '001_good.sql'), 'CREATE TABLE good (id integer);');
    fs.writeFileSync(path.join(dir, '002_bad.sql'), 'CREATE TABLE half (id integer); SELECT no_such_function();');
    const other = await openBlankTestDatabase();
    try {
      await expect(migrate(other, loadMigrations(dir))).rejects.toThrow();
      const { rows } = await other.query<{ version: number }>('SELECT version FROM schema_migrations');
      expect(rows.map((r) => r.version)).toEqual([1]);
      const half = await other.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'half'");
      expect(half.rows).toHaveLength(0);
    } finally {
      await other.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
