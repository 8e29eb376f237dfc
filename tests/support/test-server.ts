// Starts a real reference server for a test file: fresh data folder, free port on 127.0.0.1, test mode.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer, type ServerApp } from '../../server/app.ts';
import { readConfig } from '../../server/config.ts';
import { hashPassword } from '../../server/identity/passwords.ts';
import { generateRsaKeyPair } from '../../server/crypto/rsa.ts';
import type { FunctionRoleType } from '../../server/store/repos/accounts.ts';

export interface TestServer {
  app: ServerApp;
  url: string;
  dataDir: string;
  close(): Promise<void>;
}

export async function startTestServer(env: Record<string, string> = {}, dataDir?: string): Promise<TestServer> {
  const dir = dataDir ?? (await mkdtemp(path.join(tmpdir(), 'chatgen-server-')));
  const config = readConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir, CHATGEN_TEST_MODE: '1', ...env });
  const app = await startServer(config, { log: () => undefined });
  return {
    app,
    url: app.url,
    dataDir: dir,
    async close() {
      await app.close();
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
  const { repos } = server.app.ctx;
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
