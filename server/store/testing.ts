/**
 * Test helpers: a database per test file, on the store CHATGEN_TEST_STORE names: `embedded` (default, an
 * in-memory pglite, about half a second to open) or `postgres` (a throw-away database on the server of
 * CHATGEN_TEST_PG_URL, dropped when the handle is closed).
 */
import type { Database } from './db.ts';
import { openEmbeddedDatabase } from './embedded.ts';
import { migrate } from './migrate.ts';
import { openPostgresDatabase } from './postgres.ts';
import { createScratchDatabase, type ScratchDatabase } from './scratch.ts';

export type TestStore = 'embedded' | 'postgres';

export function testStore(env: NodeJS.ProcessEnv = process.env): TestStore {
  const store = env.CHATGEN_TEST_STORE ?? 'embedded';
  if (store !== 'embedded' && store !== 'postgres') throw new Error(`CHATGEN_TEST_STORE must be embedded or postgres, got "${store}"`);
  return store;
}

/** A database with nothing in it (no migrations); closing it throws it away. */
export async function openBlankTestDatabase(): Promise<Database> {
  if (testStore() === 'embedded') return openEmbeddedDatabase(null);
  const scratch = await createScratchDatabase();
  try {
    return droppedOnClose(await openPostgresDatabase(scratch.url), scratch);
  } catch (error) {
    await scratch.drop();
    throw error;
  }
}

/** A migrated database; open one per test file. */
export async function openTestDatabase(): Promise<Database> {
  const db = await openBlankTestDatabase();
  await migrate(db);
  return db;
}

function droppedOnClose(db: Database, scratch: ScratchDatabase): Database {
  return {
    engine: db.engine,
    query: (sql, params) => db.query(sql, params),
    exec: (sql) => db.exec(sql),
    transaction: (fn) => db.transaction(fn),
    async close() {
      await db.close();
      await scratch.drop();
    },
  };
}
