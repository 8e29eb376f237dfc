// votemessage / unvotemessage on POLLING messages, and answermcmessage on multiple-choice (MC) messages.
import type { ServerContext } from '../../context.ts';
import { ApiError } from '../../http/api-error.ts';
import type { HandlerMap } from '../../http/handler-types.ts';
import type { AuthenticatedSession } from '../../http/types.ts';
import { requireMember } from '../../services/room-access.ts';
import { parseId } from '../../http/wire-ids.ts';
import { applyVote, pollChecksum, readPoll, wirePoll } from '../../services/messages/polls.ts';
import { repos } from '../../store/repos/index.ts';

interface VoteBody {
  roomId: string;
  messageId: string;
  type: string;
  optionId: string;
  pollingChecksum: string;
}

export function pollHandlers(ctx: ServerContext) {
  const vote = async (body: VoteBody, session: AuthenticatedSession, cast: boolean) => {
    const caller = session;
    const roomId = parseId(body.roomId, 'roomId');
    const messageId = parseId(body.messageId, 'messageId');
    await requireMember(ctx, roomId, caller.accountId);
    if (body.type !== 'POLLING') throw new ApiError('MESSAGE_TYPE_UNSUPPORTED');
    const poll = await ctx.db.transaction(async (tx) => {
      const r = repos(tx);
      const message = await r.messages.findByIdForUpdate(messageId);
      if (!message || message.roomId !== roomId || message.status === 'ALL_DELETED') throw new ApiError('MESSAGE_NOT_FOUND');
      const current = readPoll(message.polling);
      if (message.messageType !== 'POLLING' || !current) throw new ApiError('MESSAGE_TYPE_UNSUPPORTED');
      if (pollChecksum(current) !== body.pollingChecksum) throw new ApiError('STALE_POLL_CHECKSUM');
      const next = applyVote(current, caller.accountId, body.optionId, cast);
      await r.messages.updatePolling(messageId, next);
      return next;
    });
    await ctx.notifier.topicMessage(roomId, { roomId: String(roomId), accountName: caller.loginName, type: cast ? 'VOTE_MESSAGE' : 'UNVOTE_MESSAGE' });
    await ctx.notifier.toRoom(roomId, await ctx.repos.members.activeAccountIds(roomId), {
      notifyType: 'MESSAGE_VOTE',
      senderId: String(caller.accountId),
      dataId: String(messageId),
      roomId: String(roomId),
      data: { messageId: String(messageId), messagePolling: wirePoll(poll, null) },
    });
    return { messagePolling: wirePoll(poll, caller.accountId) };
  };

  return {
    voteMessage: ({ body, session }) => vote(body, session, true),
    unvoteMessage: ({ body, session }) => vote(body, session, false),

    /** Records the caller's answer to an MC message (one per account; a new answer replaces it). */
    async answerMcMessage({ body, session }) {
      const caller = session;
      const roomId = parseId(body.roomId, 'roomId');
      await requireMember(ctx, roomId, caller.accountId);
      const [message] = await ctx.repos.messages.findInRoom(roomId, [parseId(body.messageId, 'messageId')]);
      if (!message || message.status === 'ALL_DELETED') throw new ApiError('MESSAGE_NOT_FOUND');
      if (message.messageType !== 'MC') throw new ApiError('MESSAGE_TYPE_UNSUPPORTED');
      await ctx.repos.receipts.saveMcAnswer({
        messageId: message.id,
        accountId: caller.accountId,
        langId: body.langId,
        value: body.value,
        checksum: body.checksum,
        at: ctx.now(),
      });
      return {};
    },
  } satisfies HandlerMap;
}
