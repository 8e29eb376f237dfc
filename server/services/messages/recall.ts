// deleteaesmessages: recall for everyone. Only one's own messages, when the room allows recalling,
// within RECALL_MESSAGE_TIME seconds of sending (0 = no limit). The content is wiped, the row stays.
import type { ServerContext } from '../../context.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AuthenticatedSession } from '../../http/types.ts';
import { repos } from '../../store/repos/index.ts';
import { numericPolicy, requirePolicy } from '../room-access.ts';

export async function recallMessages(ctx: ServerContext, caller: AuthenticatedSession, roomId: number, ids: readonly number[]): Promise<number[]> {
  await requirePolicy(ctx, roomId, caller, 'ALLOW_RECALL_MESSAGE');
  const limitSeconds = await numericPolicy(ctx, roomId, 'RECALL_MESSAGE_TIME');
  const unique = [...new Set(ids)];
  const messages = await ctx.repos.messages.findInRoom(roomId, unique);
  if (messages.length !== unique.length) throw new ApiError('MESSAGE_NOT_FOUND');
  const now = ctx.now().getTime();
  for (const m of messages) {
    if (m.senderId !== caller.accountId) throw new ApiError('FORBIDDEN', 'only the sender can recall a message');
    if (limitSeconds > 0 && now - m.createdAt.getTime() > limitSeconds * 1000) throw new ApiError('RECALL_TIME_PASSED');
  }
  const recalled = await ctx.db.transaction(async (tx) => {
    const r = repos(tx);
    const done: number[] = [];
    for (const m of messages) if (await r.messages.recall(m.id)) done.push(m.id);
    return done;
  });
  const [first, ...rest] = recalled;
  if (first !== undefined) {
    const members = await ctx.repos.members.activeAccountIds(roomId);
    await ctx.notifier.toRoom(roomId, members, {
      notifyType: 'MESSAGE_DELETED',
      senderId: String(caller.accountId),
      dataId: String(first),
      roomId: String(roomId),
      data: { messageIds: [String(first), ...rest.map(String)] },
    });
  }
  return recalled;
}
