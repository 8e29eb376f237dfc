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

/**
 * Turns on the one session. Two lanes, each first come, first served: a single statement goes before the
 * transactions still waiting, never into one that runs. Under a backlog of sends (each a transaction of several
 * round trips) a lone read, such as a new socket's session lookup, then waits for the transaction that runs, not
 * for every one queued behind it. Statements are one round trip each and come from requests, which await them
 * one at a time, so they cannot keep the transactions waiting for long. A failed turn does not block the next.
 */
export class TurnQueue {
  private busy = false;
  private readonly statements: (() => void)[] = [];
  private readonly transactions: (() => void)[] = [];

  run<T>(fn: () => Promise<T>, lane: 'statement' | 'transaction' = 'transaction'): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const turn = () => {
        // A function that throws before its first await fails its own turn only.
        Promise.resolve()
          .then(fn)
          .then(resolve, reject)
          .finally(() => this.next());
      };
      (lane === 'statement' ? this.statements : this.transactions).push(turn);
      if (!this.busy) this.next();
    });
  }

  private next(): void {
    const turn = this.statements.shift() ?? this.transactions.shift();
    this.busy = turn !== undefined;
    turn?.();
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
    return this.turn(run, 'statement');
  }

  protected withTransactionConnection<T>(run: (connection: Statements) => Promise<T>): Promise<T> {
    return this.turn(run, 'transaction');
  }

  private turn<T>(run: (connection: Statements) => Promise<T>, lane: 'statement' | 'transaction'): Promise<T> {
    return this.turns.run(() => {
      this.assertOpen();
      return run(this.connection);
    }, lane);
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('the database is closed');
  }
}
