/**
 * Versioned schema migrations: `migrations/NNN_name.sql`, applied in order, each in its own
 * transaction together with its row in `schema_migrations`. Running it again applies only what is
 * missing, so the server calls it at every start. An advisory lock keeps two server processes that
 * start together (scale-out) from applying the same file twice.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Database } from './db.ts';

export interface Migration {
  version: number;
  name: string;
  sql: string;
  checksum: string;
}

export interface MigrationReport {
  applied: Migration[];
  /** Versions that were already in place. */
  skipped: number[];
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const FILE_NAME = /^(\d{3})_([a-z0-9_]+)\.sql$/;
// Any constant works; it only has to be the same for every process of this server.
const MIGRATION_LOCK_ID = 7_415_220_001;

export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const migrations = fs
    .readdirSync(dir)
    .filter((file) => FILE_NAME.test(file))
    .map((file) => {
      const [, version = '', name = ''] = FILE_NAME.exec(file) ?? [];
      const sql = fs.readFileSync(path.join(dir, file), 'utf8');
      return { version: Number(version), name, sql, checksum: sha256(sql) };
    })
    .sort((a, b) => a.version - b.version);
  for (let i = 1; i < migrations.length; i++) {
    if (migrations[i]?.version === migrations[i - 1]?.version) {
      throw new Error(`two migrations have version ${migrations[i]?.version}`);
    }
  }
  return migrations;
}

export async function migrate(db: Database, migrations: Migration[] = loadMigrations()): Promise<MigrationReport> {
  await db.transaction(async (tx) => {
    // Under the lock too: two concurrent CREATE TABLE IF NOT EXISTS can collide on PostgreSQL.
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version     integer PRIMARY KEY,
      name        text NOT NULL,
      checksum    text NOT NULL,
      applied_at  timestamptz NOT NULL DEFAULT now()
    )`);
  });
  const report: MigrationReport = { applied: [], skipped: [] };
  for (const migration of migrations) {
    const applied = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
      const existing = await tx.query<{ checksum: string }>('SELECT checksum FROM schema_migrations WHERE version = $1', [
        migration.version,
      ]);
      const row = existing.rows[0];
      if (row) {
        // An applied file that changed afterwards means two databases could differ silently.
        if (row.checksum !== migration.checksum) {
          throw new Error(`migration ${migration.version}_${migration.name} was changed after it was applied`);
        }
        return false;
      }
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [
        migration.version,
        migration.name,
        migration.checksum,
      ]);
      return true;
    });
    if (applied) report.applied.push(migration);
    else report.skipped.push(migration.version);
  }
  return report;
}

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
