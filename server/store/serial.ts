/**
 * A `Database` over one single-session connection (pglite, or one PostgreSQL client).
 * One connection means one transaction at a time: a statement of request B sent between BEGIN and
 * COMMIT of request A would silently become part of A. So every top-level statement and every
 * transaction takes a turn in one queue, and a transaction keeps the turn until it ends.
 * Code running inside a transaction is recognised through AsyncLocalStorage, so a repository that
 * was handed the database (not the transaction) still joins the open transaction instead of waiting
 * for it forever.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database, QueryResult, Queryable, Row } from './db.ts';
import { TransactionAbortedError } from './errors.ts';

/** The few operations a single-session driver must provide. */
export interface Connection {
  query<T>(sql: string, params: readonly unknown[]): Promise<QueryResult<T>>;
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

/** First-come, first-served turns; a failed turn does not block the next. */
export class TurnQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.tail.then(fn);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

interface TxState {
  owner: SerialDatabase;
  open: boolean;
  /** First error of a statement since BEGIN (or since the innermost live savepoint was taken). */
  failed: unknown;
  savepoints: number;
}

export class SerialDatabase implements Database {
  private readonly turns = new TurnQueue();
  private readonly context = new AsyncLocalStorage<TxState>();
  private closed = false;

  constructor(
    private readonly connection: Connection,
    readonly engine: string,
  ) {}

  query<T = Row>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
    const tx = this.currentTransaction();
    if (tx) return this.inTransaction(tx, () => this.connection.query<T>(sql, params));
    return this.turns.run(() => {
      this.assertOpen();
      return this.connection.query<T>(sql, params);
    });
  }

  exec(sql: string): Promise<void> {
    const tx = this.currentTransaction();
    if (tx) return this.inTransaction(tx, () => this.connection.exec(sql));
    return this.turns.run(() => {
      this.assertOpen();
      return this.connection.exec(sql);
    });
  }

  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const outer = this.currentTransaction();
    if (outer) return this.savepoint(outer, fn);
    return this.turns.run(async () => {
      this.assertOpen();
      const state: TxState = { owner: this, open: true, failed: undefined, savepoints: 0 };
      return this.context.run(state, async () => {
        const handle = this.handle(state);
        await this.connection.exec('BEGIN');
        try {
          const result = await fn(handle);
          // PostgreSQL turns COMMIT of an aborted transaction into ROLLBACK without an error: say so.
          if (state.failed !== undefined) throw new TransactionAbortedError(state.failed);
          await this.connection.exec('COMMIT');
          return result;
        } catch (error) {
          await this.connection.exec('ROLLBACK').catch(() => undefined);
          throw error;
        } finally {
          state.open = false;
        }
      });
    });
  }

  async close(): Promise<void> {
    await this.turns.run(async () => {
      if (this.closed) return;
      this.closed = true;
      await this.connection.close();
    });
  }

  private async savepoint<T>(state: TxState, fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const name = `sp_${++state.savepoints}`;
    const failedBefore = state.failed;
    await this.inTransaction(state, () => this.connection.exec(`SAVEPOINT ${name}`));
    try {
      const result = await fn(this.handle(state));
      if (state.failed !== failedBefore) throw new TransactionAbortedError(state.failed);
      await this.inTransaction(state, () => this.connection.exec(`RELEASE SAVEPOINT ${name}`));
      return result;
    } catch (error) {
      await this.connection.exec(`ROLLBACK TO SAVEPOINT ${name}`).catch(() => undefined);
      state.failed = failedBefore;
      throw error;
    }
  }

  /** A handle bound to one transaction; it refuses work once that transaction has ended. */
  private handle(state: TxState): Queryable {
    return {
      query: <T = Row>(sql: string, params: readonly unknown[] = []) =>
        this.inTransaction(state, () => this.connection.query<T>(sql, params)),
      exec: (sql: string) => this.inTransaction(state, () => this.connection.exec(sql)),
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

  private assertOpen(): void {
    if (this.closed) throw new Error('the database is closed');
  }
}
