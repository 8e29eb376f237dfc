/**
 * A `Database` over one single-session connection (pglite, or one PostgreSQL client).
 * One connection means one transaction at a time: a statement of request B sent between BEGIN and
 * COMMIT of request A would silently become part of A. So every top-level statement and every
 * transaction takes a turn in one queue, and a transaction keeps the turn until it ends. The
 * transaction rules themselves (savepoints, joining through the database handle) are RoutedDatabase's.
 */
import { RoutedDatabase, type Statements } from './routed.ts';

/** The few operations a single-session driver must provide. */
export interface Connection extends Statements {
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

export class SerialDatabase extends RoutedDatabase {
  private readonly turns = new TurnQueue();
  private closed = false;

  constructor(
    private readonly connection: Connection,
    readonly engine: string,
  ) {
    super();
  }

  async close(): Promise<void> {
    await this.turns.run(async () => {
      if (this.closed) return;
      this.closed = true;
      await this.connection.close();
    });
  }

  protected withStatementConnection<T>(run: (connection: Statements) => Promise<T>): Promise<T> {
    return this.turns.run(() => {
      this.assertOpen();
      return run(this.connection);
    });
  }

  protected withTransactionConnection<T>(run: (connection: Statements) => Promise<T>): Promise<T> {
    return this.withStatementConnection(run);
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('the database is closed');
  }
}
