/**
 * The store's share of a send (issue 11): the statements one sendaesmessage runs (session, user key pair, replay
 * nonce, then in one transaction the send facts with the room's lock and the message with its receipts and the
 * members' accounts the pushes need), into a room of L members, with no HTTP, crypto or fan-out around them. Each
 * store runs twice side by side in one run: as it talks to its engine now, and with the named statements off
 * (every statement parsed again: pglite's own query(); node-postgres unnamed); PostgreSQL runs a third pair, the
 * replay nonce's commit waited for (flushed, as before) and not (relaxed, now). Prints per send: this process's CPU
 * (all threads, the embedded engine's included), PostgreSQL's own CPU (its processes, from /proc), the wall time,
 * and the mean time of each statement. Figures compare rows of one run; they are never assertions.
 *
 *   node --import tsx scripts/bench/store.bench.ts [--sends 400] [--members 100] [--stores embedded,postgres]
 *
 * PostgreSQL: CHATGEN_TEST_PG_URL (default the local `test` database), as scripts/test-services.sh starts it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { newAesKeyRecord } from '../../server/crypto/aes.ts';
import type { Database, Queryable } from '../../server/store/db.ts';
import { openEmbeddedDatabaseOnThread } from '../../server/store/embedded-thread.ts';
import { migrate } from '../../server/store/migrate.ts';
import { openPostgresDatabase } from '../../server/store/postgres.ts';
import { repos } from '../../server/store/repos/index.ts';
import { noncesRepo, type NoncesOptions } from '../../server/store/repos/nonces.ts';
import { createScratchDatabase } from '../../server/store/scratch.ts';
import { cpuMs } from './proc-cpu.ts';

const { values: args } = parseArgs({
  options: {
    sends: { type: 'string', default: '400' },
    members: { type: 'string', default: '100' },
    stores: { type: 'string', default: 'embedded,postgres' },
  },
});
const SENDS = Number(args.sends);
const MEMBERS = Number(args.members);
const WARM_UP = 20;

interface Fixture {
  apiKey: string;
  loginName: string;
  senderId: number;
  roomId: number;
}

async function prepare(db: Database): Promise<Fixture> {
  await migrate(db);
  const r = repos(db);
  const tenant = await r.tenants.create({ fullname: 'Store Bench', shortName: 'STB' });
  const sender = await r.accounts.create({ tenantId: tenant.id, loginName: 'store_sender', userFullname: 'Sender' });
  await r.keys.saveUserKeyPair(sender.id, { publicKeyPem: 'bench public key', privateKeyPem: 'bench private key' });
  const apiKey = randomBytes(24).toString('hex');
  await r.sessions.create({ accountId: sender.id, apiKey, deviceId: randomUUID(), devicePubKeyPem: 'bench device key', expiresAt: new Date(Date.now() + 86_400_000) });
  const room = await r.rooms.create({ roomType: 'MULTIPLE', roomName: 'Store bench', createdBy: sender.id });
  await r.policies.applyDefaults(room.id, 'MULTIPLE');
  const others: number[] = [];
  for (let i = 1; i < MEMBERS; i += 1) {
    others.push((await r.accounts.create({ tenantId: tenant.id, loginName: `store_member_${i}`, userFullname: `Member ${i}` })).id);
  }
  await r.members.add(room.id, [sender.id, ...others]);
  await r.keys.setRoomKey(room.id, newAesKeyRecord('GCM'));
  return { apiKey, loginName: sender.loginName, senderId: sender.id, roomId: room.id };
}

/** Wraps a database so that each statement's wall time adds to its label. */
function timed(db: Database, spent: Map<string, number>): Database {
  const label = (sql: string) => sql.trim().replace(/\s+/g, ' ').slice(0, 48);
  const add = async <T>(sql: string, run: () => Promise<T>): Promise<T> => {
    const start = performance.now();
    try {
      return await run();
    } finally {
      spent.set(label(sql), (spent.get(label(sql)) ?? 0) + performance.now() - start);
    }
  };
  const wrap = (q: Queryable): Queryable => ({
    query: (sql, params) => add(sql, () => q.query(sql, params)),
    exec: (sql) => add(sql, () => q.exec(sql)),
  });
  const outer = wrap(db);
  return { ...outer, engine: db.engine, close: () => db.close(), transaction: (fn) => db.transaction((tx) => fn(wrap(tx))) };
}

/** The statements of one send, in the order the server runs them. */
async function send(db: Database, fx: Fixture, seq: number, nonceCommit: NoncesOptions['commit']): Promise<void> {
  const r = repos(db);
  const now = new Date();
  if (!(await r.sessions.findActiveWithAccount(fx.apiKey, now))) throw new Error('no session');
  if (!(await r.keys.getUserKeyPairByLoginName(fx.loginName))) throw new Error('no key pair');
  if (!(await noncesRepo(db, { commit: nonceCommit }).remember(randomUUID(), now.getTime() + 60_000, now.getTime()))) throw new Error('nonce refused');
  const stored = await db.transaction(async (tx) => {
    const t = repos(tx);
    const facts = await t.sendFacts.readLocked({ roomId: fx.roomId, accountId: fx.senderId, policyAttrs: ['SEND_MESSAGE'], replyToId: null, namedKey: null });
    if (!facts?.member || !facts.key) throw new Error('no membership or key');
    return t.messages.insertIntoRoom({
      roomId: fx.roomId,
      senderId: fx.senderId,
      messageType: 'TEXT',
      messageKeyUuid: facts.key.key.messageKeyUuid,
      aesMessage: `ciphertext ${seq}`,
      checksum: `store-${seq}`,
      mentionAccountIds: [],
      createdAt: now,
    });
  });
  if (!stored.pushAccounts.some((account) => account.id === fx.senderId)) throw new Error('no sender name for the pushes');
}

/** CPU ms of every PostgreSQL server process (the postmaster's children included). */
async function postgresCpuMs(): Promise<number> {
  let total = 0;
  for (const entry of await readdir('/proc').catch(() => [])) {
    if (!/^\d+$/.test(entry)) continue;
    const comm = await readFile(`/proc/${entry}/comm`, 'utf8').catch(() => '');
    if (comm.trim() === 'postgres') total += await cpuMs(Number(entry));
  }
  return total;
}

interface Row {
  name: string;
  cpuMs: number;
  engineCpuMs: number;
  wallMs: number;
  statements: Map<string, number>;
}

async function measure(
  name: string,
  open: () => Promise<{ db: Database; done: () => Promise<void> }>,
  withEngineCpu: boolean,
  nonceCommit: NoncesOptions['commit'] = 'relaxed',
): Promise<Row> {
  const { db, done } = await open();
  try {
    const fx = await prepare(db);
    for (let i = 0; i < WARM_UP; i += 1) await send(db, fx, -1 - i, nonceCommit);
    const statements = new Map<string, number>();
    const counted = timed(db, statements);
    const engineBefore = withEngineCpu ? await postgresCpuMs() : 0;
    const cpuBefore = process.cpuUsage();
    const start = performance.now();
    for (let i = 0; i < SENDS; i += 1) await send(counted, fx, i, nonceCommit);
    const wallMs = performance.now() - start;
    const cpu = process.cpuUsage(cpuBefore);
    const engineCpuMs = withEngineCpu ? (await postgresCpuMs()) - engineBefore : Number.NaN;
    return { name, cpuMs: (cpu.user + cpu.system) / 1000 / SENDS, engineCpuMs: engineCpuMs / SENDS, wallMs: wallMs / SENDS, statements };
  } finally {
    await db.close();
    await done();
  }
}

async function embedded(prepared: boolean) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'chatgen-store-bench-'));
  const db = await openEmbeddedDatabaseOnThread(dataDir, { template: true, prepared });
  return { db, done: () => rm(dataDir, { recursive: true, force: true }) };
}

async function postgres(prepared: boolean) {
  const scratch = await createScratchDatabase('storebench');
  const db = await openPostgresDatabase(scratch.url, { prepared });
  return { db, done: () => scratch.drop() };
}

const rows: Row[] = [];
const stores = args.stores.split(',');
// Alternating, so that the machine's other work weighs on both halves of a pair alike.
if (stores.includes('embedded')) {
  rows.push(await measure('embedded, statements parsed each time', () => embedded(false), false));
  rows.push(await measure('embedded, named statements', () => embedded(true), false));
}
if (stores.includes('postgres')) {
  rows.push(await measure('PostgreSQL, unnamed statements', () => postgres(false), true));
  rows.push(await measure('PostgreSQL, named statements', () => postgres(true), true));
  // The replay nonce's commit: waited for like any commit (as before), or not (docs/server-storage.md).
  rows.push(await measure('PostgreSQL, named, nonce commit flushed', () => postgres(true), true, 'flushed'));
  rows.push(await measure('PostgreSQL, named, nonce commit relaxed', () => postgres(true), true, 'relaxed'));
}

const fixed = (n: number, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : '—');
console.log(`store statements of one send: ${SENDS} sends after ${WARM_UP} warm-up, room of ${MEMBERS} members, one after another`);
console.log('');
console.log(`${'store'.padEnd(40)} ${'cpu ms/send'.padStart(12)} ${'ratio'.padStart(7)} ${'PostgreSQL cpu'.padStart(15)} ${'wall ms/send'.padStart(13)} ${'ratio'.padStart(7)}`);
for (const [i, row] of rows.entries()) {
  const base = rows[i - (i % 2)]!;
  console.log(
    `${row.name.padEnd(40)} ${fixed(row.cpuMs).padStart(12)} ${`${(row.cpuMs / base.cpuMs).toFixed(2)}×`.padStart(7)} ${fixed(row.engineCpuMs).padStart(15)} ${fixed(row.wallMs).padStart(13)} ${`${(row.wallMs / base.wallMs).toFixed(2)}×`.padStart(7)}`,
  );
}
console.log('');
console.log('mean wall ms per statement');
const labels = [...new Set(rows.flatMap((row) => [...row.statements.keys()]))];
console.log(`${'statement'.padEnd(50)} ${rows.map((row) => row.name.split(',')[0]!.slice(0, 10).padStart(11)).join(' ')}`);
console.log(`${''.padEnd(50)} ${rows.map((row) => (/, (statements parsed|unnamed)/.test(row.name) ? 'parsed' : row.name.includes('nonce') ? row.name.split(' ').at(-1)! : 'named').padStart(11)).join(' ')}`);
for (const label of labels) {
  console.log(`${label.padEnd(50)} ${rows.map((row) => fixed((row.statements.get(label) ?? 0) / SENDS, 3).padStart(11)).join(' ')}`);
}
console.log('');
console.log(`machine load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} (1, 5, 15 min)`);
