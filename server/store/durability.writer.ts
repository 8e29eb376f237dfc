// Child process of durability.test.ts: opens a file-backed database the way the server does (the engine on its own
// thread, the data folder locked), writes messages as fast as it can and prints each message id only after its
// transaction has committed. The test kills it with SIGKILL, and may start it again on the same folder: the room it
// writes to is made once (its ids kept in the folder) and found again on later starts.
import fs from 'node:fs';
import path from 'node:path';
import { openEmbeddedDatabaseOnThread } from './embedded-thread.ts';
import { migrate } from './migrate.ts';
import { repos } from './repos/index.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: durability.writer.ts <dataDir>');

interface Setup {
  roomId: number;
  senderId: number;
  readerId: number;
}

const db = await openEmbeddedDatabaseOnThread(dataDir, { template: true });
await migrate(db);
const setupFile = path.join(dataDir, 'writer-setup.json');
let setup: Setup;
if (fs.existsSync(setupFile)) {
  setup = JSON.parse(fs.readFileSync(setupFile, 'utf8')) as Setup;
} else {
  setup = await db.transaction(async (tx) => {
    const r = repos(tx);
    const tenant = await r.tenants.create({ shortName: 'D', fullname: 'Durability' });
    const sender = await r.accounts.create({ tenantId: tenant.id, loginName: 'writer', userFullname: 'Writer' });
    const reader = await r.accounts.create({ tenantId: tenant.id, loginName: 'reader', userFullname: 'Reader' });
    const room = await r.rooms.create({ roomType: 'SINGLE' });
    await r.members.add(room.id, [sender.id, reader.id]);
    return { roomId: room.id, senderId: sender.id, readerId: reader.id };
  });
  fs.writeFileSync(`${setupFile}.part`, JSON.stringify(setup));
  fs.renameSync(`${setupFile}.part`, setupFile);
}
process.stdout.write('ready\n');

// Bounded, so an orphaned writer (its test gone) stops by itself.
const deadline = Date.now() + 60_000;
for (let i = 0; i < 100_000 && Date.now() < deadline; i++) {
  const id = await db.transaction(async (tx) => {
    const r = repos(tx);
    const m = await r.messages.insert({ roomId: setup.roomId, senderId: setup.senderId, messageType: 'TEXT', aesMessage: `m${i}` });
    await r.receipts.createForRecipients(m.id, setup.roomId, [setup.readerId]);
    return m.id;
  });
  // Pipes are written synchronously on Linux: once this line is out, the parent has seen it.
  process.stdout.write(`${id}\n`);
}
await db.close();
