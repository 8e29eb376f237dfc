// Test helpers: a migrated in-memory database (one per test file; opening costs about half a second).
import { openEmbeddedDatabase, type Database } from './db.ts';
import { migrate } from './migrate.ts';

export async function openTestDatabase(): Promise<Database> {
  const db = await openEmbeddedDatabase(null);
  await migrate(db);
  return db;
}
