/**
 * The transaction rules every `Database` keeps, whatever carries its statements:
 * - `transaction(fn)` runs BEGIN, `fn(tx)`, COMMIT on one connection, ROLLBACK when `fn` throws;
 * - code inside `fn` that uses the database handle instead of `tx` (a repository built earlier) is
 *   recognised through AsyncLocalStorage and joins the open transaction on its connection;
 * - a nested `transaction()` becomes a SAVEPOINT;
 * - a swallowed failed statement makes the transaction throw TransactionAbortedError instead of
 *   PostgreSQL's silent ROLLBACK-on-COMMIT;
 * - a `tx` handle used after its transaction ended refuses work.
 * Subclasses only say where a statement or a transaction gets its connection (one queue for pglite, a
 * pool for PostgreSQL).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database, QueryResult, Queryable, Row } from './db.ts';
import { TransactionAbortedError } from './errors.ts';

/** What one session of the engine runs: statements with parameters, and parameterless scripts. */
export interface Statements {
  query<T>(sql: string, params: readonly unknown[]): Promise<QueryResult<T>>;
  exec(sql: string): Promise<void>;
}

interface TxState {
  owner: RoutedDatabase;
  connection: Statements;
  open: boolean;
  /** First error of a statement since BEGIN (or since the innermost live savepoint was taken). */
  failed: unknown;
  savepoints: number;
}

export abstract class RoutedDatabase implements Database {
  private readonly context = new AsyncLocalStorage<TxState>();

  abstract readonly engine: string;
  abstract close(): Promise<void>;
  /** Runs one statement outside any transaction, on whatever connection is free for it. */
  protected abstract withStatementConnection<T>(run: (connection: Statements) => Promise<T>): Promise<T>;
  /** Runs a whole transaction on one connection that nothing else uses meanwhile. */
  protected abstract withTransactionConnection<T>(run: (connection: Statements) => Promise<T>): Promise<T>;

  query<T = Row>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
    const tx = this.currentTransaction();
    if (tx) return this.inTransaction(tx, () => tx.connection.query<T>(sql, params));
    return this.withStatementConnection((connection) => connection.query<T>(sql, params));
  }

  exec(sql: string): Promise<void> {
    const tx = this.currentTransaction();
    if (tx) return this.inTransaction(tx, () => tx.connection.exec(sql));
    return this.withStatementConnection((connection) => connection.exec(sql));
  }

  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const outer = this.currentTransaction();
    if (outer) return this.savepoint(outer, fn);
    return this.withTransactionConnection((connection) => {
      const state: TxState = { owner: this, connection, open: true, failed: undefined, savepoints: 0 };
      return this.context.run(state, async () => {
        const handle = this.handle(state);
        await connection.exec('BEGIN');
        try {
          const result = await fn(handle);
          // PostgreSQL turns COMMIT of an aborted transaction into ROLLBACK without an error: say so.
          if (state.failed !== undefined) throw new TransactionAbortedError(state.failed);
          await connection.exec('COMMIT');
          return result;
        } catch (error) {
          await connection.exec('ROLLBACK').catch(() => undefined);
          throw error;
        } finally {
          state.open = false;
        }
      });
    });
  }

  private async savepoint<T>(state: TxState, fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const name = `sp_${++state.savepoints}`;
    const failedBefore = state.failed;
    await this.inTransaction(state, () => state.connection.exec(`SAVEPOINT ${name}`));
    try {
      const result = await fn(this.handle(state));
      if (state.failed !== failedBefore) throw new TransactionAbortedError(state.failed);
      await this.inTransaction(state, () => state.connection.exec(`RELEASE SAVEPOINT ${name}`));
      return result;
    } catch (error) {
      await state.connection.exec(`ROLLBACK TO SAVEPOINT ${name}`).catch(() => undefined);
      state.failed = failedBefore;
      throw error;
    }
  }

  /** A handle bound to one transaction; it refuses work once that transaction has ended. */
  private handle(state: TxState): Queryable {
    return {
      query: <T = Row>(sql: string, params: readonly unknown[] = []) =>
        this.inTransaction(state, () => state.connection.query<T>(sql, params)),
      exec: (sql: string) => this.inTransaction(state, () => state.connection.exec(sql)),
    };
  }

  private async inTransaction<T>(state: TxState, run: () => Promise<T>): Promise<T> {
    if (!state.open) throw new Error('the transaction has already ended');
    try {
      return await run();
    } catch (error) {
      if (state.failed === undefined) state.failed = error;
      throw error;
    }
  }

  private currentTransaction(): TxState | undefined {
    const state = this.context.getStore();
    return state && state.owner === this && state.open ? state : undefined;
  }
}
