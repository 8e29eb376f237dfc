// Starts a real reference server for a test file: fresh data folder, free port on 127.0.0.1, test mode.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer, type ServerApp } from '../../server/app.ts';
import { readConfig } from '../../server/config.ts';
import { hashPassword } from '../../server/identity/passwords.ts';
import { generateRsaKeyPair } from '../../server/crypto/rsa.ts';
import type { FunctionRoleType } from '../../server/store/repos/accounts.ts';
import type { Database } from '../../server/store/db.ts';
import type { Repos } from '../../server/store/repos/index.ts';
import { openDatabase } from '../../server/store/open.ts';
import { testStore } from '../../server/store/testing.ts';
import { createPreparedScratchDatabase, seedPreparedEmbedded } from './prepared-store.ts';

export interface TestServer {
  app: ServerApp;
  url: string;
  dataDir: string;
  close(): Promise<void>;
}

const DATABASE_URL_FILE = 'test-database-url';

/**
 * On CHATGEN_TEST_STORE=postgres the server gets DATABASE_URL of a throw-away database (a copy of the run's
 * prepared one). A server restarted on the caller's own `dataDir` finds the same database again (its URL is kept
 * in that folder); such a database is dropped with the rest of the run (tests/support/vitest-global-setup.ts), the others on close.
 */
async function testDatabaseUrl(dir: string, ownsDir: boolean): Promise<{ url: string; drop: () => Promise<void> } | null> {
  if (testStore() !== 'postgres') return null;
  const file = path.join(dir, DATABASE_URL_FILE);
  if (!ownsDir) {
    const kept = await readFile(file, 'utf8').catch(() => null);
    if (kept) return { url: kept, drop: async () => undefined };
  }
  const scratch = await createPreparedScratchDatabase();
  if (!ownsDir) await writeFile(file, scratch.url);
  return { url: scratch.url, drop: ownsDir ? scratch.drop : async () => undefined };
}

export interface TestServerOptions {
  /** Wraps the server's database (the statement counter of the statement-count test). */
  wrapDatabase?: (db: Database) => Database;
  /** Receives the server's operational log (tests that check what it holds); silent by default. */
  log?: (message: string, error?: unknown) => void;
}

export interface TestStore {
  /** What the server's environment needs to find the store (DATABASE_URL on PostgreSQL, nothing embedded). */
  env: Record<string, string>;
  /** Throws the store away (a PostgreSQL database; an embedded one goes with its data folder). */
  drop(): Promise<void>;
}

/**
 * The store of a server on `dir`, on the run's store (CHATGEN_TEST_STORE): a copy of the run's prepared one
 * (tests/support/prepared-store.ts) unless `dir` already holds one. `restartable`: the caller keeps `dir` for a
 * restart, so a PostgreSQL database is found again from it and dropped with the run, not by `drop`.
 */
export async function prepareTestStore(dir: string, restartable: boolean, env: Record<string, string> = {}): Promise<TestStore> {
  const database = env.DATABASE_URL ? null : await testDatabaseUrl(dir, !restartable);
  if (!database && !env.DATABASE_URL) await seedPreparedEmbedded(dir);
  return { env: database ? { DATABASE_URL: database.url } : {}, drop: database?.drop ?? (() => Promise.resolve()) };
}

export async function startTestServer(env: Record<string, string> = {}, dataDir?: string, options: TestServerOptions = {}): Promise<TestServer> {
  const dir = dataDir ?? (await mkdtemp(path.join(tmpdir(), 'chatgen-server-')));
  const store = await prepareTestStore(dir, Boolean(dataDir), env);
  const config = readConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dir,
    CHATGEN_TEST_MODE: '1',
    ...store.env,
    ...env,
  });
  const log = options.log ?? (() => undefined);
  const db = options.wrapDatabase ? options.wrapDatabase(await openDatabase(config, log)) : undefined;
  const app = await startServer(config, { log, ...(db ? { db } : {}) }).catch(async (error: unknown) => {
    await db?.close();
    await store.drop();
    throw error;
  });
  return {
    app,
    url: app.url,
    dataDir: dir,
    async close() {
      await app.close();
      await db?.close();
      await store.drop();
      if (!dataDir) await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface TestAccountOptions {
  loginName: string;
  password?: string;
  fullName?: string;
  roles?: FunctionRoleType[];
  mustChangePassword?: boolean;
  tenantId?: number;
}

export const TEST_PASSWORD = 'Passw0rd!';

/** Creates a directory account with its server-held key pair, straight in the store. */
export async function createTestAccount(server: TestServer, options: TestAccountOptions) {
  return createAccountIn(server.app.ctx.repos, options);
}

/** The same, in a store the test opened itself (servers in other processes share it). */
export async function createAccountIn(repos: Repos, options: TestAccountOptions) {
  let tenantId = options.tenantId;
  if (tenantId === undefined) {
    const tenants = await repos.tenants.list();
    tenantId = tenants[0]?.id ?? (await repos.tenants.create({ fullname: 'Test Department', shortName: 'TD' })).id;
  }
  const account = await repos.accounts.create({
    tenantId,
    loginName: options.loginName,
    userFullname: options.fullName ?? options.loginName,
    functionRoles: options.roles ?? ['IM_USER'],
    passwordHash: await hashPassword(options.password ?? TEST_PASSWORD),
    mustChangePassword: options.mustChangePassword ?? false,
  });
  await repos.keys.saveUserKeyPair(account.id, await generateRsaKeyPair());
  return account;
}
