/**
 * A `Database` that counts the statements it is handed, for the statement-count test and the benchmarks.
 * Every `query`/`exec` counts once, inside or outside a transaction; BEGIN/COMMIT are counted apart as
 * transactions (and savepoints as nested transactions), so a change that adds a query or a round trip shows.
 */
import type { Database, Queryable } from './db.ts';

export interface StatementTally {
  statements: number;
  transactions: number;
  /** The SQL text of each counted statement, for the failure message of a test. */
  sql: string[];
}

export interface CountingDatabase extends Database {
  /** Counts from zero again and returns what was counted until now. */
  take(): StatementTally;
}

export function countingDatabase(inner: Database): CountingDatabase {
  let tally: StatementTally = { statements: 0, transactions: 0, sql: [] };
  const counted = (q: Queryable): Queryable => ({
    query(sql, params) {
      tally.statements++;
      tally.sql.push(sql);
      return q.query(sql, params);
    },
    exec(sql) {
      tally.statements++;
      tally.sql.push(sql);
      return q.exec(sql);
    },
  });
  const outer = counted(inner);
  return {
    engine: inner.engine,
    query: (sql, params) => outer.query(sql, params),
    exec: (sql) => outer.exec(sql),
    transaction(fn) {
      tally.transactions++;
      return inner.transaction((tx) => fn(counted(tx)));
    },
    close: () => inner.close(),
    take() {
      const taken = tally;
      tally = { statements: 0, transactions: 0, sql: [] };
      return taken;
    },
  };
}
