/**
 * A store every test server of a run starts from, made once per run instead of once per server: a fresh cluster
 * (initdb), the migrations, the chatbot's reference data and the decoy key pool, through the server's own
 * `prepareStore`. A test server then starts on a copy of it and its own start-up finds everything in place.
 *
 * Per run means under CHATGEN_TEST_RUN_DIR, which the vitest and Playwright global set-ups make and remove
 * (tests/support/test-run.ts); without it every server prepares its own store as before. The first worker that
 * needs one makes it under a directory lock; the others wait for it.
 *
 * Embedded: a prepared `pgdata` folder, copied into the server's data folder (a copy and an open of an existing
 * cluster instead of initdb, migrations and eight RSA key pairs). PostgreSQL: a prepared database of the run,
 * the template of each server's throw-away database (CREATE DATABASE ... TEMPLATE).
 */
import { existsSync } from 'node:fs';
import { cp, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { prepareStore } from '../../server/app.ts';
import { createUserKeyDirectory } from '../../server/services/identity/user-keys.ts';
import type { Database } from '../../server/store/db.ts';
import { openEmbeddedDatabaseOnThread } from '../../server/store/embedded-thread.ts';
import { PGDATA_FOLDER } from '../../server/store/embedded.ts';
import { openPostgresDatabase } from '../../server/store/postgres.ts';
import { repos } from '../../server/store/repos/index.ts';
import { adminUrl, createScratchDatabase, scratchDatabaseName, type ScratchDatabase } from '../../server/store/scratch.ts';
import { withDirectoryLock } from './directory-lock.ts';
import { testRunDir } from './test-run.ts';

async function prepare(db: Database): Promise<void> {
  try {
    await prepareStore(db, createUserKeyDirectory(repos(db)), () => undefined);
  } finally {
    await db.close();
  }
}

/** The prepared embedded cluster of this run (made now if no worker has made it yet); null outside a run. */
async function preparedPgdata(): Promise<string | null> {
  const run = testRunDir();
  if (!run) return null;
  const done = path.join(run, 'prepared-embedded');
  if (existsSync(done)) return path.join(done, PGDATA_FOLDER);
  await withDirectoryLock(path.join(run, 'prepared-embedded.lock'), 'prepared test store', async () => {
    if (existsSync(done)) return;
    const partial = path.join(run, `prepared-embedded.${process.pid}.part`);
    await rm(partial, { recursive: true, force: true });
    await prepare(await openEmbeddedDatabaseOnThread(partial, { template: true }));
    // Complete or absent: a worker that sees the folder may copy it.
    await rename(partial, done);
  });
  return path.join(done, PGDATA_FOLDER);
}

/**
 * Gives `dataDir` the run's prepared embedded cluster when it has none yet (a restart on the same folder keeps
 * its own). Returns whether it did.
 */
export async function seedPreparedEmbedded(dataDir: string): Promise<boolean> {
  const target = path.join(dataDir, PGDATA_FOLDER);
  if (existsSync(path.join(target, 'PG_VERSION'))) return false;
  const source = await preparedPgdata();
  if (!source) return false;
  await rm(target, { recursive: true, force: true });
  await cp(source, target, { recursive: true });
  return true;
}

/** The run's prepared PostgreSQL database (made now if no worker has made it yet); null outside a run. */
async function preparedPostgresName(): Promise<string | null> {
  const run = testRunDir();
  const pgRun = process.env.CHATGEN_TEST_PG_RUN;
  if (!run || !pgRun) return null;
  const name = scratchDatabaseName(pgRun, 'prepared');
  const done = path.join(run, 'prepared-postgres');
  if (existsSync(done)) return name;
  await withDirectoryLock(path.join(run, 'prepared-postgres.lock'), 'prepared test store', async () => {
    if (existsSync(done)) return;
    const client = new pg.Client({ connectionString: adminUrl() });
    await client.connect();
    try {
      // Names cannot be parameters; scratchDatabaseName allows [a-z0-9_] only.
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${name}`);
    } finally {
      await client.end();
    }
    const url = new URL(adminUrl());
    url.pathname = `/${name}`;
    await prepare(await openPostgresDatabase(url.toString()));
    await mkdir(done);
  });
  return name;
}

/** A throw-away PostgreSQL database for a test server: a copy of the run's prepared one when there is a run. */
export async function createPreparedScratchDatabase(): Promise<ScratchDatabase> {
  const template = await preparedPostgresName();
  return createScratchDatabase(undefined, undefined, template ?? undefined);
}
