// The embedded engine's stand-in for autoanalyze: a table with no statistics, or grown past them, is analyzed;
// once analyzed it is left alone until it grows again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db.ts';
import { refreshPlannerStatistics } from './statistics.ts';
import { openTestDatabase } from './testing.ts';

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
  await db.exec('CREATE TABLE stats_probe (id serial PRIMARY KEY, body text NOT NULL)');
});
afterAll(() => db.close());

const fillRows = (n: number) => db.query(`INSERT INTO stats_probe (body) SELECT repeat('x', 200) FROM generate_series(1, $1::int)`, [n]);
const hasStatistics = async () =>
  (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stats WHERE tablename = 'stats_probe'`, [])).rows[0]?.n ?? 0;

describe('planner statistics', () => {
  it('analyzes a table that has none or grew past them, and only then', async () => {
    await fillRows(10); // one page: too small to matter
    expect(await refreshPlannerStatistics(db)).not.toContain('stats_probe');
    await fillRows(2_000);
    expect(await refreshPlannerStatistics(db)).toContain('stats_probe');
    expect(await hasStatistics()).toBeGreaterThan(0);
    expect(await refreshPlannerStatistics(db)).not.toContain('stats_probe');
    await fillRows(1_000);
    expect(await refreshPlannerStatistics(db)).toContain('stats_probe');
  });
});
