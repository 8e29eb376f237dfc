/**
 * The database seam of the server. Everything above this file speaks plain PostgreSQL through the
 * `Database` interface: the embedded engine (pglite, PostgreSQL compiled to WebAssembly) in
 * `embedded.ts`, a PostgreSQL server through a connection pool in `postgres.ts` (DATABASE_URL); `open.ts`
 * picks one (docs/server-storage.md).
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
   * Runs `fn` inside BEGIN … COMMIT on one connection; rolls back and rethrows when it throws. No
   * statement from outside `fn` ever joins it. A nested call inside `fn` (through `tx` or through the
   * database itself) becomes a SAVEPOINT of the outer transaction. The embedded engine runs transactions
   * one at a time; PostgreSQL runs them side by side (READ COMMITTED), so read-modify-write locks its rows.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** A round trip on a connection of its own, to tell whether a database server can be reached (PostgreSQL only). */
  ping?(timeoutMs?: number): Promise<void>;
  /** 'embedded' (pglite) or 'postgres'; for logs and docs, never for branching SQL. */
  readonly engine: string;
}

export { TransactionAbortedError, sqlState, UNIQUE_VIOLATION, FOREIGN_KEY_VIOLATION } from './errors.ts';
export { openEmbeddedDatabase, type EmbeddedOptions } from './embedded.ts';
export { openPostgresDatabase, type PostgresOptions } from './postgres.ts';
