/**
 * Planner statistics for the embedded engine. PostgreSQL's autovacuum gathers them on its own; pglite runs
 * no autovacuum, so without this a table's statistics are those of the migration that created it (empty),
 * and the session's named statements keep the plans made while the tables were small: an account whose 5,000
 * rooms were made one by one had its room list planned for a handful and joined every room row by row
 * (getroomlist and the unread totals took seconds). New statistics also make those statements plan again.
 * Housekeeping calls this now and then (docs/server-storage.md). */
import type { Queryable } from './db.ts';

/** Tables smaller than this (in 8 KB pages) are planned well enough without statistics. */
const MIN_PAGES = 8;
/** A table is analyzed again once it has grown by this fraction since its last ANALYZE. */
const GROWTH = 0.2;

/**
 * ANALYZE the tables that have no statistics yet or grew past them (their size now against the size their
 * last ANALYZE saw); returns their names. One catalog query when none did.
 */
export async function refreshPlannerStatistics(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ relname: string }>(
    `SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = current_schema() AND c.relkind = 'r'
       AND pg_relation_size(c.oid) / current_setting('block_size')::int >= $1
       AND (pg_relation_size(c.oid) / current_setting('block_size')::int > c.relpages * (1 + $2::float8)
         OR NOT EXISTS (SELECT 1 FROM pg_stats s WHERE s.schemaname = n.nspname AND s.tablename = c.relname))
     ORDER BY c.relname`,
    [MIN_PAGES, GROWTH],
  );
  const tables = rows.map((row) => row.relname);
  // Names from the catalog, quoted: never text from a request.
  if (tables.length > 0) await db.exec(`ANALYZE ${tables.map((t) => `"${t.replace(/"/g, '""')}"`).join(', ')}`);
  return tables;
}
