// chatbot/*: the built-in rule-based chatbot (docs/server-services.md).
import type { ServerContext } from '../../context.ts';
import type { HandlerMap } from '../../http/handler-types.ts';
import { answerMc, requestOriginal, sendMessage, sendReply, startRoom } from '../../services/chatbot/service.ts';
import { callerOf } from '../../services/messages/ids.ts';

export function chatbotHandlers(ctx: ServerContext): HandlerMap {
  return {
    chatbotStartRoom: ({ body, session }) => startRoom(ctx, callerOf(session), body),
    chatbotSendMessage: ({ body, session }) => sendMessage(ctx, callerOf(session), body),
    chatbotSendMcMessageAnswer: ({ body, session }) => answerMc(ctx, callerOf(session), body),
    chatbotSendReplyMessage: ({ body, session }) => sendReply(ctx, callerOf(session), body),
    chatbotRequestOriginalMsg: ({ body, session }) => requestOriginal(ctx, callerOf(session), body),
  };
}
