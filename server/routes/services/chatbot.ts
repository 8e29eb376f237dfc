// chatbot/*: the built-in rule-based chatbot (docs/server-services.md).
import type { ServerContext } from '../../context.ts';
import type { HandlerMap } from '../../http/handler-types.ts';
import { answerMc, requestOriginal, sendMessage, sendReply, startRoom } from '../../services/chatbot/service.ts';

export function chatbotHandlers(ctx: ServerContext) {
  return {
    chatbotStartRoom: ({ body, session }) => startRoom(ctx, session, body),
    chatbotSendMessage: ({ body, session }) => sendMessage(ctx, session, body),
    chatbotSendMcMessageAnswer: ({ body, session }) => answerMc(ctx, session, body),
    chatbotSendReplyMessage: ({ body, session }) => sendReply(ctx, session, body),
    chatbotRequestOriginalMsg: ({ body, session }) => requestOriginal(ctx, session, body),
  } satisfies HandlerMap;
}
