import { test } from 'vitest';
import { openEmbeddedDatabase } from './db.ts';
import { migrate } from './migrate.ts';
test('scratch', async () => {
  let t = Date.now();
  const db = await openEmbeddedDatabase(null);
  console.log('open', Date.now() - t); t = Date.now();
  const r = await migrate(db);
  console.log('migrate', Date.now() - t, r.applied.map(m => m.name));
  console.log((await db.query('select count(*)::int as n from default_room_policies')).rows);
  await db.close();
}, 30000);
