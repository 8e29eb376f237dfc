import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../store/db.ts';
import { noncesRepo } from '../store/repos/nonces.ts';
import { openTestDatabase } from '../store/testing.ts';
import { createDurableReplayGuard } from './replay-guard-store.ts';

let db: Database;
const synchronousCommit = async () => (await db.query<{ s: string }>("SELECT current_setting('synchronous_commit') AS s")).rows[0]?.s;
/** The store's own setting, read before any nonce was remembered. */
let storeSetting: string | undefined;
beforeAll(async () => {
  db = await openTestDatabase();
  storeSetting = await synchronousCommit();
});
afterAll(async () => {
  await db.close();
});

describe('durable replay guard', () => {
  it('refuses a nonce another guard over the same database accepted (another process, or before a restart)', async () => {
    const now = 1_700_000_000_000;
    const first = createDurableReplayGuard(noncesRepo(db), { now: () => now });
    const second = createDurableReplayGuard(noncesRepo(db), { now: () => now + 1000 });
    expect(await first.check(now, 'shared-1')).toBe('ok');
    expect(await second.check(now, 'shared-1')).toBe('replayed_nonce');
    expect(await second.check(now, 'shared-2')).toBe('ok');
  });

  it('lets exactly one of many concurrent checks of one nonce through', async () => {
    const now = 1_700_000_000_000;
    const guards = [0, 1, 2, 3].map(() => createDurableReplayGuard(noncesRepo(db), { now: () => now }));
    const verdicts = await Promise.all(guards.map((guard) => guard.check(now, 'raced')));
    expect(verdicts.filter((v) => v === 'ok')).toHaveLength(1);
  });

  it('refuses stale timestamps and malformed nonces before touching the database', async () => {
    const now = 1_700_000_000_000;
    const guard = createDurableReplayGuard(noncesRepo(db), { now: () => now });
    expect(await guard.check(now - 5 * 60_000 - 1, 'old')).toBe('stale_timestamp');
    expect(await guard.check(now, '')).toBe('replayed_nonce');
    expect(await guard.check(now, 'x'.repeat(129))).toBe('replayed_nonce');
  });

  it('forgets nonces once their window is over, so the table does not grow with time', async () => {
    let now = 1_800_000_000_000;
    const guard = createDurableReplayGuard(noncesRepo(db), { now: () => now });
    for (let i = 0; i < 20; i += 1) expect(await guard.check(now, `aged-${i}`)).toBe('ok');
    now += 5 * 60_000 + 1;
    expect(await guard.check(now, 'after')).toBe('ok');
    await expect.poll(async () => (await db.query("SELECT count(*)::int AS n FROM seen_nonces WHERE nonce LIKE 'aged-%'")).rows[0]?.n).toBe(0);
  });

  it("relaxes only the nonce's own commit: the session's setting is the same afterwards", async () => {
    expect(await noncesRepo(db).remember('relaxed-1', 2_000_000_000_000, 1_900_000_000_000)).toBe(true);
    expect(await synchronousCommit()).toBe(storeSetting);
    // Both commit forms decide alike: the nonce the relaxed one recorded is a replay to the flushed one.
    expect(await noncesRepo(db, { commit: 'flushed' }).remember('relaxed-1', 2_000_000_000_000, 1_900_000_000_000)).toBe(false);
    expect(await noncesRepo(db, { commit: 'flushed' }).remember('flushed-1', 2_000_000_000_000, 1_900_000_000_000)).toBe(true);
  });
});
