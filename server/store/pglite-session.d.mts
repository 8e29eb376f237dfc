import type { PGlite, Results } from '@electric-sql/pglite';

export interface PgliteSession {
  query<T>(sql: string, params: unknown[]): Promise<Results<T>>;
  exec(sql: string): Promise<void>;
}

export function pgliteSession(pg: PGlite, options?: { prepared?: boolean }): PgliteSession;
