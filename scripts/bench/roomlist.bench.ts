/**
 * The room list of an account with many rooms, made as a user makes them: `rooms` groups created one by one
 * through the createmultipleroom service (each with one other member: policies, member set, audit record,
 * the creator as admin), then one message from the other member into every tenth room (unread). Figures per
 * call, on the embedded engine and on PostgreSQL side by side in one run:
 *   getroomlist first page (with both unread totals, as the client asks it) and last page,
 *   gettotalmessagesunreadcount and getunreadnewscount,
 * each the median of 7 after a warm-up, with the statements it ran. The embedded engine is measured before
 * and after its planner statistics are gathered (what housekeeping does, server/store/statistics.ts); on
 * PostgreSQL autovacuum does it, and the bench runs the same refresh so that both are measured alike.
 *
 *   node --import tsx scripts/bench/roomlist.bench.ts [rooms=5000]
 *
 * PostgreSQL: a throw-away database on CHATGEN_TEST_PG_URL (default the local server's `test`), dropped at
 * the end. Figures are for comparison on one machine, never assertions.
 */
import { performance } from 'node:perf_hooks';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ServerContext } from '../../server/context.ts';
import type { AuthenticatedSession } from '../../server/http/types.ts';
import { unreadNewsCount } from '../../server/services/content/news.ts';
import { roomList } from '../../server/services/rooms/queries.ts';
import { countingDatabase, type CountingDatabase } from '../../server/store/counting.ts';
import type { Database } from '../../server/store/db.ts';
import { openEmbeddedDatabase } from '../../server/store/embedded.ts';
import { migrate } from '../../server/store/migrate.ts';
import { openPostgresDatabase } from '../../server/store/postgres.ts';
import { createScratchDatabase } from '../../server/store/scratch.ts';
import { refreshPlannerStatistics } from '../../server/store/statistics.ts';
import { benchContext, makeRoomsAsUser } from './bench-rooms.ts';

const ROOMS = Number(process.argv[2] ?? 5000);
const PAGE_SIZE = 30;
const RUNS = 7;
const OTHERS = 20;

interface Figure {
  ms: number;
  statements: number;
}
type Figures = Record<string, Figure>;

/** The viewer, in ROOMS groups made through createmultipleroom; every tenth has an unread message. */
async function fill(ctx: ServerContext): Promise<AuthenticatedSession> {
  const r = ctx.repos;
  const tenant = await r.tenants.create({ fullname: 'Bench Hospital', shortName: 'BH' });
  const account = (login: string) =>
    r.accounts.create({ tenantId: tenant.id, loginName: login, userFullname: login, functionRoles: ['IM_USER'], passwordHash: null, mustChangePassword: false });
  const viewerAccount = await account('viewer');
  const others: number[] = [];
  for (let i = 0; i < OTHERS; i++) others.push((await account(`colleague${i}`)).id);
  await makeRoomsAsUser(ctx, viewerAccount.id, others, ROOMS, 10);
  return { accountId: viewerAccount.id, roles: ['IM_USER'] } as unknown as AuthenticatedSession;
}

async function time(db: CountingDatabase, call: () => Promise<unknown>): Promise<Figure> {
  await call(); // warm-up: plans, caches
  db.take();
  await call();
  const statements = db.take().statements;
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await call();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)] ?? 0, statements };
}

async function calls(db: CountingDatabase, ctx: ServerContext, viewer: AuthenticatedSession): Promise<Figures> {
  const page = (pageNo: number) => () =>
    roomList(ctx, viewer, { pageInfo: { pageNo, pageSize: PAGE_SIZE }, withTotalUnreadRoomCount: true, withTotalUnreadMsgCount: true });
  const first = await page(1)();
  if (first.rooms.length !== PAGE_SIZE || first.totalUnreadRoomCount !== Math.ceil(ROOMS / 10)) throw new Error('unexpected first page');
  return {
    'getroomlist first page': await time(db, page(1)),
    'getroomlist last page': await time(db, page(Math.ceil(ROOMS / PAGE_SIZE))),
    gettotalmessagesunreadcount: await time(db, () => ctx.repos.receipts.totalUnread(viewer.accountId)),
    getunreadnewscount: await time(db, () => unreadNewsCount(ctx, viewer)),
  };
}

async function measure(
  name: string,
  open: () => Promise<{ db: Database; dataDir: string; done: () => Promise<void> }>,
): Promise<{ before: Figures; after: Figures }> {
  const { db: inner, dataDir, done } = await open();
  try {
    await migrate(inner);
    const db = countingDatabase(inner);
    const ctx = benchContext(db, dataDir);
    const started = performance.now();
    const viewer = await fill(ctx);
    console.error(`${name}: ${ROOMS} rooms made through createmultipleroom in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const before = await calls(db, ctx, viewer);
    const analyzed = await refreshPlannerStatistics(inner);
    console.error(`${name}: statistics gathered for ${analyzed.length} tables`);
    return { before, after: await calls(db, ctx, viewer) };
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

const columns: [string, Figures][] = [
  ['embedded, no statistics', embedded.before],
  ['embedded', embedded.after],
  ['postgres, no statistics', postgres.before],
  ['postgres', postgres.after],
];
console.log(`${ROOMS} rooms made through createmultipleroom, ${ROOMS / 10} unread; pages of ${PAGE_SIZE}; median ms of ${RUNS} (statements)`);
console.log(`${'call'.padEnd(30)}${columns.map(([name]) => name.padStart(26)).join('')}`);
for (const call of Object.keys(embedded.after)) {
  const cells = columns.map(([, figures]) => {
    const f = figures[call]!;
    return `${f.ms.toFixed(1)} (${f.statements})`.padStart(26);
  });
  console.log(`${call.padEnd(30)}${cells.join('')}`);
}
