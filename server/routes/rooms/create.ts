// createsingleroom, createmultipleroom, createselfroom, createchatbotroom.
import type { ServerContext } from '../../context.ts';
import type { HandlerMap } from '../../http/handler-types.ts';
import { createChatbotRoom, createMultipleRoom, createSelfRoom, createSingleRoom } from '../../services/rooms/create.ts';
import { viewerOf } from './session.ts';

export function createHandlers(ctx: ServerContext): HandlerMap {
  return {
    createSingleRoom: async (input) => createSingleRoom(ctx, viewerOf(input), input.body.memberId, input.body.businessType),
    createMultipleRoom: async (input) => createMultipleRoom(ctx, viewerOf(input), input.body),
    createSelfRoom: async (input) => createSelfRoom(ctx, viewerOf(input)),
    createChatbotRoom: async (input) => createChatbotRoom(ctx, viewerOf(input), input.body.langId),
  };
}
