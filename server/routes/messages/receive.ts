// Message lists and single messages: receiveaesmessages, receiveaesfiles, receiveaesimagesandvideos,
// receivestarredaesmessages, searchaesmessages, viewaesmessage(s), gettotalmessagesunreadcount.
import type { ServerContext } from '../../context.ts';
import type { HandlerMap } from '../../http/handler-types.ts';
import { requireMember } from '../../services/room-access.ts';
import { parseId, parseIds } from '../../http/wire-ids.ts';
import { listMessages } from '../../services/messages/listing.ts';
import { requireVisible } from '../../services/messages/store.ts';
import { presentAll } from '../../services/messages/wire.ts';

export function receiveHandlers(ctx: ServerContext) {
  return {
    async receiveAesMessages({ body, session }) {
      const caller = session;
      const result = await listMessages(ctx, caller, body, { markDelivered: true });
      let firstUnreadMessageId: string | undefined;
      if (body.withLastUnreadMessageId) {
        const id = await ctx.repos.messages.firstUnreadMessageId(parseId(body.roomId, 'roomId'), caller.accountId);
        firstUnreadMessageId = id === null ? undefined : String(id);
      }
      return { messages: result.messages, stillHaveData: result.stillHaveData, firstUnreadMessageId };
    },

    async receiveAesFiles({ body, session }) {
      const { messages, stillHaveData } = await listMessages(ctx, session, body, { types: ['FILE'] });
      return { messages, stillHaveData };
    },

    async receiveAesImagesAndVideos({ body, session }) {
      const { messages, stillHaveData } = await listMessages(ctx, session, body, { types: ['IMAGE', 'VIDEO'] });
      return { messages, stillHaveData };
    },

    async receiveStarredAesMessages({ body, session }) {
      const { messages, stillHaveData } = await listMessages(ctx, session, body, { starredOnly: true });
      return { messages, stillHaveData };
    },

    /**
     * The server holds only ciphertext, so it cannot apply filterOfMessage: it pages through the TEXT
     * messages (newest first) and the client decrypts and filters them (docs/server-messages.md).
     */
    async searchAesMessages({ body, session }) {
      const request = { roomId: body.roomId, lastMessageId: body.lastMessageId, batchSize: body.batchSize, upOrDown: 'UP' as const };
      const { messages, stillHaveData } = await listMessages(ctx, session, request, { types: ['TEXT'] });
      return { messages, stillHaveData };
    },

    async viewAesMessage({ body, session }) {
      const caller = session;
      const roomId = parseId(body.roomId, 'roomId');
      await requireMember(ctx, roomId, caller.accountId);
      const views = await requireVisible(ctx, roomId, caller.accountId, [parseId(body.messageId, 'messageId')]);
      const [message] = await presentAll(ctx, caller.accountId, views);
      return { message: message! };
    },

    async viewAesMessages({ body, session }) {
      const caller = session;
      const roomId = parseId(body.roomId, 'roomId');
      await requireMember(ctx, roomId, caller.accountId);
      const views = await requireVisible(ctx, roomId, caller.accountId, parseIds(body.messageIds, 'messageIds'));
      return { messages: await presentAll(ctx, caller.accountId, views) };
    },

    async getTotalMessagesUnreadCount({ session }) {
      const total = await ctx.repos.receipts.totalUnread(session.accountId);
      return { totalUnreadMsgCount: total.messages, totalUnreadRoomCount: total.rooms };
    },
  } satisfies HandlerMap;
}
