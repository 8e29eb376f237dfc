// Per-message marks and removals: star, unstar, notified, read, recall, delete for me, delete all,
// and the read information of a message.
import type { ServerContext } from '../../context.ts';
import { ApiError } from '../../http/api-error.ts';
import type { HandlerMap } from '../../http/handler-types.ts';
import type { AuthenticatedSession } from '../../http/types.ts';
import { notificationOf } from '../../services/notifier.ts';
import { requireMember, requirePolicy } from '../../services/room-access.ts';
import { markNotified, markRead } from '../../services/messages/delivery.ts';
import { ms } from '../../services/messages/ids.ts';
import { parseId, parseIds } from '../../http/wire-ids.ts';
import { recallMessages } from '../../services/messages/recall.ts';
import { requireVisible } from '../../services/messages/store.ts';

interface IdsInRoom {
  roomId: string;
  messageIds: string[];
}

export function markHandlers(ctx: ServerContext) {
  const parse = (body: IdsInRoom) => ({ roomId: parseId(body.roomId, 'roomId'), ids: parseIds(body.messageIds, 'messageIds') });

  /** The caller's other devices learn about changes only the caller sees. */
  const toSelf = async (caller: AuthenticatedSession, roomId: number, notifyType: 'MESSAGE_STARRED' | 'MESSAGE_UNSTARRED' | 'MESSAGE_DELETED_FOR_ME', ids: number[]) => {
    if (ids.length === 0) return;
    await ctx.notifier.toAccounts(
      [caller.accountId],
      notificationOf(notifyType, { senderId: String(caller.accountId), dataId: String(ids[0]), roomId: String(roomId), data: { messageIds: ids.map(String) } }),
    );
  };

  const star = async (input: { body: IdsInRoom; session: AuthenticatedSession }, starred: boolean) => {
    const caller = input.session;
    const { roomId, ids } = parse(input.body);
    await requirePolicy(ctx, roomId, caller, 'ALLOW_STAR_MSG');
    await requireVisible(ctx, roomId, caller.accountId, ids);
    const changed = await ctx.repos.receipts.setStarred(caller.accountId, roomId, ids, starred);
    await toSelf(caller, roomId, starred ? 'MESSAGE_STARRED' : 'MESSAGE_UNSTARRED', changed);
    return {};
  };

  return {
    starAesMessages: (input) => star(input, true),
    unstarAesMessages: (input) => star(input, false),

    async markNotifiedAesMessages({ body, session }) {
      const caller = session;
      const { roomId, ids } = parse(body);
      await requireMember(ctx, roomId, caller.accountId);
      await markNotified(ctx, caller.accountId, roomId, ids);
      return {};
    },

    async markReadAesMessages({ body, session }) {
      const caller = session;
      const { roomId, ids } = parse(body);
      await requireMember(ctx, roomId, caller.accountId);
      await markRead(ctx, caller.accountId, roomId, ids);
      return {};
    },

    async deleteAesMessages({ body, session }) {
      const { roomId, ids } = parse(body);
      await recallMessages(ctx, session, roomId, ids);
      return {};
    },

    async deleteForMeAesMessages({ body, session }) {
      const caller = session;
      const { roomId, ids } = parse(body);
      await requireMember(ctx, roomId, caller.accountId);
      const unique = [...new Set(ids)];
      if ((await ctx.repos.messages.findInRoom(roomId, unique)).length !== unique.length) throw new ApiError('MESSAGE_NOT_FOUND');
      const changed = await ctx.repos.receipts.deleteForMe(caller.accountId, roomId, unique, ctx.now());
      await toSelf(caller, roomId, 'MESSAGE_DELETED_FOR_ME', changed);
      return {};
    },

    async deleteRoomMessages({ body, session }) {
      const caller = session;
      const roomId = parseId(body.roomId, 'roomId');
      await requirePolicy(ctx, roomId, caller, 'ALLOW_DELETE_ALL_MSG');
      const changed = await ctx.repos.receipts.deleteAllForMe(caller.accountId, roomId, body.withStarredMessage, ctx.now());
      await toSelf(caller, roomId, 'MESSAGE_DELETED_FOR_ME', changed);
      return {};
    },

    /**
     * Who read and who was notified of a message: for its sender, a room admin or an ADMIN account.
     * messageInfoRead lists the recipients who read it, messageInfoNotified the others with their
     * notified state. A recipient whose read receipts are off is never listed as having read.
     */
    async getAesMessageInfo({ body, session }) {
      const caller = session;
      const roomId = parseId(body.roomId, 'roomId');
      const member = await requireMember(ctx, roomId, caller.accountId);
      const [view] = await requireVisible(ctx, roomId, caller.accountId, [parseId(body.messageId, 'messageId')]);
      const message = view!.message;
      if (message.senderId !== caller.accountId && !member.isAdmin && !caller.roles.includes('ADMIN')) throw new ApiError('FORBIDDEN');
      const receipts = await ctx.repos.receipts.listForMessage(message.id);
      const accounts = new Map((await ctx.repos.accounts.listByIds(receipts.map((r) => r.accountId))).map((a) => [a.id, a]));
      const messageInfoRead = [];
      const messageInfoNotified = [];
      for (const receipt of receipts) {
        const account = accounts.get(receipt.accountId);
        const base = {
          accountId: String(receipt.accountId),
          userFullname: account ? (account.customDisplayName ?? account.userFullname) : undefined,
          isNotified: receipt.notifiedAt !== null,
          notifiedDate: ms(receipt.notifiedAt),
        };
        const readShown = receipt.readAt !== null && account?.privacy.readReceipt !== 'NO';
        if (readShown) messageInfoRead.push({ ...base, isRead: true, readDate: ms(receipt.readAt) });
        else messageInfoNotified.push(base);
      }
      return { messageInfoRead, messageInfoNotified, totalRecipient: receipts.length };
    },
  } satisfies HandlerMap;
}
