// Handlers of the services calls (schema/endpoints/services.json): conferences, chatbot, voice and image.
import type { ServerContext } from '../../context.ts';
import type { HandlerMap } from '../../http/handler-types.ts';
import { chatbotHandlers } from './chatbot.ts';
import { conferenceHandlers } from './conference.ts';
import { mediaHandlers } from './media.ts';

export function serviceHandlers(ctx: ServerContext) {
  return { ...conferenceHandlers(ctx), ...mediaHandlers(ctx), ...chatbotHandlers(ctx) } satisfies HandlerMap;
}
