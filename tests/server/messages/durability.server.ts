// Child process of durability.test.ts: a reference server on a fixed data folder. With `setup` it first
// creates two people (password: the tests' TEST_PASSWORD) and a room of theirs and prints them as JSON;
// then it prints `URL <address>` and serves until it is killed or stopped (SIGTERM, as `npm start`). With DATABASE_URL set, the rows live on that
// PostgreSQL database instead of the folder's embedded engine.
import { startServer } from '../../../server/app.ts';
import { readConfig } from '../../../server/config.ts';
import { generateRsaKeyPair } from '../../../server/crypto/rsa.ts';
import { hashPassword } from '../../../server/identity/passwords.ts';
import { openEmbeddedDatabase, openPostgresDatabase } from '../../../server/store/db.ts';
import { migrate } from '../../../server/store/migrate.ts';
import { repos } from '../../../server/store/repos/index.ts';
import { TEST_PASSWORD } from '../../support/test-server.ts';
import { stopOnSignals } from '../../../server/shutdown.ts';
import { exitWithParent } from '../../support/exit-with-parent.ts';

exitWithParent();

const [dataDir, mode] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: durability.server.ts <dataDir> [setup]');

const databaseUrl = process.env.DATABASE_URL;
const db = databaseUrl ? await openPostgresDatabase(databaseUrl) : await openEmbeddedDatabase(dataDir, { template: true });
await migrate(db);
if (mode === 'setup') {
  const passwordHash = await hashPassword(TEST_PASSWORD);
  const pairs = [await generateRsaKeyPair(), await generateRsaKeyPair()];
  const setup = await db.transaction(async (tx) => {
    const r = repos(tx);
    const tenant = await r.tenants.create({ shortName: 'DUR', fullname: 'Durability' });
    const writer = await r.accounts.create({ tenantId: tenant.id, loginName: 'writer', userFullname: 'Writer', passwordHash });
    const reader = await r.accounts.create({ tenantId: tenant.id, loginName: 'reader', userFullname: 'Reader', passwordHash });
    await r.keys.saveUserKeyPair(writer.id, pairs[0]!);
    await r.keys.saveUserKeyPair(reader.id, pairs[1]!);
    const room = await r.rooms.create({ roomType: 'MULTIPLE', roomName: 'Burst', createdBy: writer.id });
    await r.policies.applyDefaults(room.id, 'MULTIPLE');
    await r.members.add(room.id, [writer.id], { admin: true });
    await r.members.add(room.id, [reader.id]);
    return { roomId: String(room.id), loginName: writer.loginName };
  });
  process.stdout.write(`SETUP ${JSON.stringify(setup)}\n`);
}
const config = readConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, CHATGEN_TEST_MODE: '1' });
const app = await startServer(config, { db, log: () => undefined });
stopOnSignals(app, () => undefined);
process.stdout.write(`URL ${app.url}\n`);
