// Background work of the server: expires self-destructing messages, stale tokens and QR login bindings, announces
// news whose start date has come. Every process runs it; each statement claims its rows, so each effect happens once.
import type { ServerContext } from '../context.ts';
import { announceDueNews } from './content/news.ts';

const INTERVAL_MS = 5_000;
/** A QR login page picks a new token every ttl (60 s, at most 5 times); an hour-old binding is long dead. */
export const QR_CLAIM_TTL_MS = 3_600_000;

export function startHousekeeping(ctx: ServerContext): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const now = ctx.now();
      const expired = await ctx.repos.messages.wipeExpired(now);
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
      await ctx.repos.tokens.deleteExpired(now);
      await ctx.repos.qrClaims.forgetOlderThan(new Date(now.getTime() - QR_CLAIM_TTL_MS));
      await announceDueNews(ctx);
    } catch (error) {
      console.error('housekeeping failed', error);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
