/**
 * getroomlist over 5,000 rooms of one account: the first and the last page of 30 (time and statements per
 * page), on the embedded engine and on PostgreSQL side by side in one run, with the ratios last/first and
 * PostgreSQL/embedded. Calls the room list service the route calls, over a statement-counting database.
 *
 *   node --import tsx scripts/bench/roomlist.bench.ts [rooms]
 *
 * PostgreSQL: a throw-away database on CHATGEN_TEST_PG_URL (default the local server's `test`), dropped
 * at the end. Figures are for comparison on one machine, never assertions.
 */
import { performance } from 'node:perf_hooks';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ServerContext } from '../../server/context.ts';
import { roomList } from '../../server/services/rooms/queries.ts';
import { countingDatabase, type CountingDatabase } from '../../server/store/counting.ts';
import type { Database } from '../../server/store/db.ts';
import { openEmbeddedDatabase } from '../../server/store/embedded.ts';
import { migrate } from '../../server/store/migrate.ts';
import { openBlobStore } from '../../server/store/open.ts';
import { openPostgresDatabase } from '../../server/store/postgres.ts';
import { repos } from '../../server/store/repos/index.ts';
import { createScratchDatabase } from '../../server/store/scratch.ts';

const ROOMS = Number(process.argv[2] ?? 5000);
const PAGE_SIZE = 30;
const RUNS = 7;

interface PageFigures {
  ms: number;
  statements: number;
}

interface EngineFigures {
  first: PageFigures;
  last: PageFigures;
}

/** One account in ROOMS groups, each with one other member, default policies and one message. */
async function fill(db: Database): Promise<number> {
  const r = repos(db);
  const tenant = await r.tenants.create({ fullname: 'Bench Hospital', shortName: 'BH' });
  const account = (login: string) =>
    r.accounts.create({ tenantId: tenant.id, loginName: login, userFullname: login, functionRoles: ['IM_USER'], passwordHash: null, mustChangePassword: false });
  const viewer = await account('viewer');
  const other = await account('other');
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO rooms (tenant_id, room_type, room_name, created_by, last_update_at)
       SELECT $1, 'MULTIPLE', 'Room ' || i, $2, now() - make_interval(secs => i) FROM generate_series(1, $3) AS i`,
      [tenant.id, viewer.id, ROOMS],
    );
    await tx.query(
      `INSERT INTO room_members (room_id, account_id, is_admin) SELECT id, a, a = $1 FROM rooms CROSS JOIN unnest($2::bigint[]) AS a`,
      [viewer.id, [viewer.id, other.id]],
    );
    await tx.query(
      `INSERT INTO room_policies (room_id, attr, value, type, allow_edit, attr_grp, seq)
       SELECT r.id, d.attr, d.value, d.type, d.allow_edit, d.attr_grp, d.seq FROM rooms r CROSS JOIN default_room_policies d
       WHERE d.room_type = '*'`,
    );
    await tx.query(
      `INSERT INTO messages (room_id, sender_id, message_type, aes_message, checksum, created_at)
       SELECT id, $1, 'TEXT', 'cipher', 'c' || id, last_update_at FROM rooms`,
      [other.id],
    );
    await tx.query(`INSERT INTO message_receipts (message_id, account_id, room_id) SELECT id, $1, room_id FROM messages`, [viewer.id]);
  });
  return viewer.id;
}

async function timePage(db: CountingDatabase, ctx: ServerContext, viewerId: number, pageNo: number): Promise<PageFigures> {
  const viewer = { accountId: viewerId, roles: ['IM_USER'] };
  const call = () => roomList(ctx, viewer as Parameters<typeof roomList>[1], { pageInfo: { pageNo, pageSize: PAGE_SIZE } });
  await call(); // warm-up: plans, caches
  db.take();
  const page = await call();
  const statements = db.take().statements;
  if (page.rooms.length === 0) throw new Error(`page ${pageNo} is empty`);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await call();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)] ?? 0, statements };
}

async function measure(name: string, open: () => Promise<{ db: Database; dataDir: string; done: () => Promise<void> }>): Promise<EngineFigures> {
  const { db: inner, dataDir, done } = await open();
  try {
    await migrate(inner);
    const db = countingDatabase(inner);
    const filled = performance.now();
    const viewerId = await fill(db);
    console.error(`${name}: ${ROOMS} rooms filled in ${((performance.now() - filled) / 1000).toFixed(1)} s`);
    // Only what the room list reads; the service needs no more of the server context.
    const ctx = { repos: repos(db), blobs: openBlobStore(db, dataDir), now: () => new Date() } as unknown as ServerContext;
    const lastPage = Math.ceil(ROOMS / PAGE_SIZE);
    return { first: await timePage(db, ctx, viewerId, 1), last: await timePage(db, ctx, viewerId, lastPage) };
  } finally {
    await inner.close();
    await done();
  }
}

const embedded = await measure('embedded', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'chatgen-bench-'));
  return { db: await openEmbeddedDatabase(null), dataDir, done: async () => rmSync(dataDir, { recursive: true, force: true }) };
});
const postgres = await measure('postgres', async () => {
  const scratch = await createScratchDatabase('bench');
  return { db: await openPostgresDatabase(scratch.url), dataDir: tmpdir(), done: scratch.drop };
});

const fmt = (n: number) => n.toFixed(1).padStart(8);
console.log(`getroomlist, ${ROOMS} rooms, pages of ${PAGE_SIZE}, median of ${RUNS}`);
console.log('engine     first ms   last ms   last/first   statements first/last');
for (const [name, f] of [['embedded', embedded], ['postgres', postgres]] as const) {
  console.log(`${name.padEnd(9)} ${fmt(f.first.ms)}  ${fmt(f.last.ms)}   ${(f.last.ms / f.first.ms).toFixed(2).padStart(8)}   ${f.first.statements} / ${f.last.statements}`);
}
console.log(`postgres/embedded: first page ${(postgres.first.ms / embedded.first.ms).toFixed(2)}, last page ${(postgres.last.ms / embedded.last.ms).toFixed(2)}`);
