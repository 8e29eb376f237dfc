// Background work of the server: expires self-destructing messages, stale tokens and QR login bindings, announces
// news whose start date has come, keeps the embedded engine's planner statistics. Every process runs it; each
// statement claims its rows, so each effect happens once.
import type { ServerContext } from '../context.ts';
import { refreshPlannerStatistics } from '../store/statistics.ts';
import { announceDueNews } from './content/news.ts';

const INTERVAL_MS = 5_000;
/** How often the embedded engine's planner statistics are checked (PostgreSQL's autovacuum keeps its own). */
export const STATISTICS_INTERVAL_MS = 60_000;
/** A QR login page picks a new token every ttl (60 s, at most 5 times); an hour-old binding is long dead. */
export const QR_CLAIM_TTL_MS = 3_600_000;

/**
 * Starts the 5-second housekeeping; the function it returns stops it and resolves once a round in progress has
 * ended, so the server closes its database after the last statement of housekeeping, never under it.
 */
export function startHousekeeping(ctx: ServerContext): () => Promise<void> {
  let stopped = false;
  let round: Promise<void> | null = null;
  /** The first round checks them (a server restarted over a grown database), then once a minute. */
  let statisticsDue = 0;
  const steps: (() => Promise<unknown>)[] = [
    async () => {
      const expired = await ctx.repos.messages.wipeExpired(ctx.now());
      const byRoom = new Map<number, number[]>();
      for (const { id, roomId } of expired) byRoom.set(roomId, [...(byRoom.get(roomId) ?? []), id]);
      for (const [roomId, [first, ...rest]] of byRoom) {
        if (first === undefined) continue;
        const members = await ctx.repos.members.activeAccountIds(roomId);
        await ctx.notifier.toRoom(roomId, members, {
          notifyType: 'MESSAGE_DELETED',
          senderId: '0',
          dataId: String(first),
          roomId: String(roomId),
          data: { messageIds: [String(first), ...rest.map(String)], reason: 'SELF_DESTRUCT' },
        });
      }
    },
    () => ctx.repos.tokens.deleteExpired(ctx.now()),
    () => ctx.repos.qrClaims.forgetOlderThan(new Date(ctx.now().getTime() - QR_CLAIM_TTL_MS)),
    () => announceDueNews(ctx),
    async () => {
      if (ctx.db.engine !== 'embedded' || ctx.now().getTime() < statisticsDue) return;
      statisticsDue = ctx.now().getTime() + STATISTICS_INTERVAL_MS;
      await refreshPlannerStatistics(ctx.db);
    },
  ];
  const run = async () => {
    try {
      for (const step of steps) {
        if (stopped) return;
        await step();
      }
    } catch (error) {
      if (!stopped) ctx.log('housekeeping failed', error);
    }
  };
  const tick = () => {
    if (round || stopped) return;
    round = run().finally(() => (round = null));
  };
  const timer = setInterval(tick, INTERVAL_MS);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await round;
  };
}
