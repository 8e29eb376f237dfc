/**
 * The database seam of the server. Everything above this file speaks plain PostgreSQL through the
 * `Database` interface; the embedded engine (pglite, PostgreSQL compiled to WebAssembly) lives in
 * `embedded.ts`, and a networked PostgreSQL driver can implement the same interface (see
 * docs/server-storage.md).
 */

/** One row per object, columns by name. Values: number|bigint for int8, Date, object (jsonb), Uint8Array. */
export type Row = Record<string, unknown>;

export interface QueryResult<T> {
  rows: T[];
  /** Rows inserted, updated or deleted by the statement (0 for a SELECT on some drivers). */
  rowCount: number;
}

/** What a repository needs: statements with `$1`-style parameters. A database or an open transaction. */
export interface Queryable {
  query<T = Row>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
  /** Several statements separated by `;`, no parameters (migrations, fixtures). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  /**
   * Runs `fn` inside BEGIN … COMMIT; rolls back and rethrows when it throws. Transactions never
   * interleave with other statements of the same Database. A nested call inside `fn` (through `tx` or
   * through the database itself) becomes a SAVEPOINT of the outer transaction.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** 'embedded' (pglite) or 'postgres'; for logs and docs, never for branching SQL. */
  readonly engine: string;
}

export { TransactionAbortedError, sqlState, UNIQUE_VIOLATION, FOREIGN_KEY_VIOLATION } from './errors.ts';
export { openEmbeddedDatabase, type EmbeddedOptions } from './embedded.ts';
