// Background work of the server: expires self-destructing messages and stale tokens, announces news whose
// start date has come. Every process runs it; each statement claims its rows, so each effect happens once.
import type { ServerContext } from '../context.ts';
import { announceDueNews } from './content/news.ts';

const INTERVAL_MS = 5_000;

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
      for (const [roomId, messageIds] of byRoom) {
        const members = await ctx.repos.members.activeAccountIds(roomId);
        await ctx.notifier.toRoom(roomId, members, {
          notifyType: 'MESSAGE_DELETED',
          senderId: '0',
          dataId: String(messageIds[0]),
          roomId: String(roomId),
          data: { messageIds: messageIds.map(String), reason: 'SELF_DESTRUCT' },
        });
      }
      await ctx.repos.tokens.deleteExpired(now);
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
