/**
 * The PostgreSQL engine (node-postgres): chosen with DATABASE_URL=postgres://…, for running several
 * server processes on one database. A pool of connections serves statements concurrently; a
 * transaction holds one pooled client from BEGIN to COMMIT (RoutedDatabase keeps the transaction rules).
 * Values come back as the embedded engine gives them (int8 as a number, or a bigint past 2^53), so the
 * code above never sees a difference between the engines.
 */
import pg from 'pg';
import type { QueryResult } from './db.ts';
import { RoutedDatabase, type Statements } from './routed.ts';
import { isNameable } from './statement-kinds.mjs';

export interface PostgresOptions {
  /** Most connections this process opens (default 10, or DATABASE_POOL_SIZE). */
  poolSize?: number;
  /** Told about a connection the pool lost while idle (the server logs it); the pool replaces it. */
  onIdleError?: (error: Error) => void;
  /**
   * Named statements (default): each connection parses and plans a statement's text once, later runs send only
   * Bind and Execute. `false` sends every statement unnamed, for the store benchmark's side-by-side figures.
   */
  prepared?: boolean;
  /** Longest wait for a new connection before a call fails as unreachable (default 5 s; pg's own: forever). */
  connectTimeoutMs?: number;
}

/** Most distinct statement texts given names; texts past it run unnamed (each connection keeps what it parsed). */
const NAMED_LIMIT = 1000;

/** sql text → statement name, the same on every connection of one pool. */
function statementNames(enabled: boolean): (sql: string) => string | undefined {
  const names = new Map<string, string>();
  return (sql) => {
    if (!enabled) return undefined;
    const known = names.get(sql);
    if (known !== undefined || names.size >= NAMED_LIMIT || !isNameable(sql)) return known;
    const name = `chatgen_${names.size + 1}`;
    names.set(sql, name);
    return name;
  };
}

const INT8 = 20;
const INT8_ARRAY: number = 1016;

/** Same as pglite: a number while exact, a bigint beyond. */
function parseInt8(text: string): number | bigint {
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : BigInt(text);
}

/** pg's own int8[] parser (strings and nulls); the typings list only scalar type ids. */
const parseTextArray = pg.types.getTypeParser(INT8_ARRAY) as (text: string) => (string | null)[];

const typeParsers = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8) return parseInt8;
    if (oid === INT8_ARRAY) return (text: string) => parseTextArray(text).map((v) => (v === null ? null : parseInt8(v)));
    return format === 'binary' ? pg.types.getTypeParser(oid, 'binary') : pg.types.getTypeParser(oid, 'text');
  },
};

function statementsOf(client: pg.Pool | pg.PoolClient, nameOf: (sql: string) => string | undefined): Statements {
  return {
    async query<T>(sql: string, params: readonly unknown[]): Promise<QueryResult<T>> {
      const name = nameOf(sql);
      const result = await client.query(name === undefined ? { text: sql, values: [...params] } : { name, text: sql, values: [...params] });
      const rows = result.rows as T[];
      return { rows, rowCount: Math.max(result.rowCount ?? 0, rows.length) };
    },
    async exec(sql: string): Promise<void> {
      // Without parameters node-postgres uses the simple protocol, which runs several statements.
      await client.query(sql);
    },
  };
}

export class PostgresDatabase extends RoutedDatabase {
  readonly engine = 'postgres';
  private readonly pool: pg.Pool;
  private readonly poolStatements: Statements;
  private readonly nameOf: (sql: string) => string | undefined;
  private closing: Promise<void> | null = null;
  private readonly connectionString: string;
  private readonly connectTimeoutMs: number;

  constructor(connectionString: string, options: PostgresOptions = {}) {
    super();
    this.connectionString = connectionString;
    this.connectTimeoutMs = options.connectTimeoutMs ?? 5_000;
    // keepAlive: a connection whose server vanished without a word (a cut network) is noticed, not waited on.
    this.pool = new pg.Pool({ connectionString, max: options.poolSize ?? 10, types: typeParsers, connectionTimeoutMillis: this.connectTimeoutMs, keepAlive: true });
    // An idle client whose connection dies emits 'error' on the pool; unhandled, it would end the process.
    this.pool.on('error', (error) => options.onIdleError?.(error));
    this.nameOf = statementNames(options.prepared !== false);
    this.poolStatements = statementsOf(this.pool, this.nameOf);
  }

  close(): Promise<void> {
    this.closing ??= this.pool.end();
    return this.closing;
  }

  /**
   * A round trip on a connection of its own, not the pool's: whether the server can be reached at all, answered
   * within `timeoutMs` even when every pooled connection is busy (GET /readyz, reachability.ts).
   */
  async ping(timeoutMs = 2_000): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString, connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs });
    // A connection lost after the answer must not become an unhandled 'error'.
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('SELECT 1');
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  protected withStatementConnection<T>(run: (connection: Statements) => Promise<T>): Promise<T> {
    if (this.closing) return Promise.reject(new Error('the database is closed'));
    return run(this.poolStatements);
  }

  protected async withTransactionConnection<T>(run: (connection: Statements) => Promise<T>): Promise<T> {
    if (this.closing) throw new Error('the database is closed');
    const client = await this.pool.connect();
    let broken: Error | undefined;
    const statements = statementsOf(client, this.nameOf);
    const guarded: Statements = {
      query: (sql, params) => statements.query(sql, params),
      exec: async (sql) => {
        try {
          await statements.exec(sql);
        } catch (error) {
          // A client whose ROLLBACK failed may still be inside the transaction: never hand it out again.
          if (sql === 'ROLLBACK') broken = error instanceof Error ? error : new Error(String(error));
          throw error;
        }
      },
    };
    try {
      return await run(guarded);
    } finally {
      client.release(broken);
    }
  }
}

/** Opens the pool and checks that the server answers, so a wrong URL stops the start at once. */
export async function openPostgresDatabase(connectionString: string, options: PostgresOptions = {}): Promise<PostgresDatabase> {
  const db = new PostgresDatabase(connectionString, options);
  try {
    await db.query('SELECT 1');
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
  return db;
}
