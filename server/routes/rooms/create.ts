// createsingleroom, createmultipleroom, createselfroom, createchatbotroom.
import type { ServerContext } from '../../context.ts';
import type { HandlerMap } from '../../http/handler-types.ts';
import { createChatbotRoom, createMultipleRoom, createSelfRoom, createSingleRoom } from '../../services/rooms/create.ts';

export function createHandlers(ctx: ServerContext) {
  return {
    createSingleRoom: async (input) => createSingleRoom(ctx, input.session, input.body.memberId, input.body.businessType),
    createMultipleRoom: async (input) => createMultipleRoom(ctx, input.session, input.body),
    createSelfRoom: async (input) => createSelfRoom(ctx, input.session),
    createChatbotRoom: async (input) => createChatbotRoom(ctx, input.session, input.body.langId),
  } satisfies HandlerMap;
}
