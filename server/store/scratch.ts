/**
 * Throw-away PostgreSQL databases for tests and benchmarks: each one is `chatgen_<run>_<random>` on the
 * server named by CHATGEN_TEST_PG_URL (default: the local server's `test` database), so parallel runs
 * never share one. `drop()` removes it; `dropRun(run)` removes every one a run left behind.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/test';

export interface ScratchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

export function adminUrl(env: NodeJS.ProcessEnv = process.env): string {
  return env.CHATGEN_TEST_PG_URL || DEFAULT_ADMIN_URL;
}

/** A run id: lowercase letters and digits only, so it is safe inside a database name. */
export function newRunId(): string {
  return randomBytes(4).toString('hex');
}

const SAFE_NAME = /^[a-z0-9_]+$/;

async function withAdmin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** `chatgen_<run>_<suffix>`, refused unless it is made of [a-z0-9_] only (names cannot be query parameters). */
export function scratchDatabaseName(run: string, suffix = randomBytes(6).toString('hex')): string {
  const name = `chatgen_${run}_${suffix}`;
  if (!SAFE_NAME.test(name)) throw new Error(`unsafe scratch database name ${name}`);
  return name;
}

/** `template`: a copy of that database (of this run) instead of an empty one. */
export async function createScratchDatabase(
  run = process.env.CHATGEN_TEST_PG_RUN || 'solo',
  admin = adminUrl(),
  template?: string,
): Promise<ScratchDatabase> {
  const name = scratchDatabaseName(run);
  if (template !== undefined && !SAFE_NAME.test(template)) throw new Error(`unsafe template database name ${template}`);
  // Both names are made of [a-z0-9_] only (checked above).
  await withAdmin(admin, (client) => client.query(`CREATE DATABASE ${name}${template === undefined ? '' : ` TEMPLATE ${template}`}`));
  const url = new URL(admin);
  url.pathname = `/${name}`;
  let dropped: Promise<void> | null = null;
  return {
    name,
    url: url.toString(),
    drop: () => (dropped ??= dropDatabase(admin, name)),
  };
}

async function dropDatabase(admin: string, name: string): Promise<void> {
  await withAdmin(admin, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

/** Drops every scratch database of one run (what a crashed test file left behind). */
export async function dropRun(run: string, admin = adminUrl()): Promise<number> {
  if (!SAFE_NAME.test(run)) throw new Error(`unsafe run id ${run}`);
  const names = await withAdmin(admin, async (client) => {
    const { rows } = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [`chatgen\\_${run}\\_%`]);
    return rows.map((row) => row.datname);
  });
  for (const name of names) await dropDatabase(admin, name);
  return names.length;
}
