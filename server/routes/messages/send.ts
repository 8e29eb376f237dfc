// sendaesmessage and forwardaesmessages.
import type { ServerContext } from '../../context.ts';
import type { HandlerMap } from '../../http/handler-types.ts';
import { forwardMessages } from '../../services/messages/forward.ts';
import { sendMessage } from '../../services/messages/send.ts';
import { announceNewMessage, neutralView } from '../../services/messages/store.ts';
import { presentAll } from '../../services/messages/wire.ts';

export function sendHandlers(ctx: ServerContext) {
  return {
    async sendAesMessage({ body, session }) {
      const caller = session;
      // The pushes' Do Not Disturb and the sender's name in both presentations come with the stored message.
      const { message, memberIds, lastUpdateAt, pushAccounts: accounts, previousMessageId, isRecrypted, unread } = await sendMessage(ctx, caller, body);
      await announceNewMessage(ctx, message, { memberIds, pushAccounts: accounts, previousMessageId });
      const recipients = memberIds.filter((id) => id !== caller.accountId).length; // a receipt each
      const [wire] = await presentAll(ctx, caller.accountId, [neutralView(message, recipients)], accounts);
      return {
        data: { isRecrypted },
        message: wire!,
        noOfUnreadMessage: unread.unread,
        noOfMentionedMessage: unread.mentioned,
        lastUpdateTime: lastUpdateAt.getTime(),
      };
    },

    async forwardAesMessages({ body, session }) {
      const caller = session;
      const copies = await forwardMessages(ctx, caller, body);
      const views = [];
      for (const copy of copies) views.push(neutralView(copy, (await ctx.repos.receipts.progress(copy.id)).total));
      return { messages: await presentAll(ctx, caller.accountId, views) };
    },
  } satisfies HandlerMap;
}
