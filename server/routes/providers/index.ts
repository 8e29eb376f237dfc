// Handlers of the provider-backed message calls (voicetotextmessage, operatemessage, savetranslation);
// the voice and image calls are in the services group. docs/server-services.md has the wire format.
import type { ServerContext } from '../../context.ts';
import type { HandlerMap } from '../../http/handler-types.ts';
import { operateMessage, saveTranslation, voiceToTextMessage } from '../../services/providers/operations.ts';

export function providerHandlers(ctx: ServerContext) {
  return {
    voiceToTextMessage: ({ body, session }) => voiceToTextMessage(ctx, session, body),
    operateMessage: ({ body, session }) => operateMessage(ctx, session, body),
    async saveTranslation({ body, session }) {
      await saveTranslation(ctx, session, body);
      return {};
    },
  } satisfies HandlerMap;
}
