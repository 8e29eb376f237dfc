// Child process of postgres.test.ts: migrates the database at argv[2] and prints how many files it applied.
import { migrate } from './migrate.ts';
import { openPostgresDatabase } from './postgres.ts';

const url = process.argv[2];
if (!url) throw new Error('usage: postgres.migrator.ts <database url>');
const db = await openPostgresDatabase(url, { poolSize: 2 });
try {
  const report = await migrate(db);
  console.log(`APPLIED ${report.applied.length}`);
} finally {
  await db.close();
}
