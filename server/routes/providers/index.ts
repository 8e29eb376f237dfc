// Handlers of the provider-backed message calls (voicetotextmessage, operatemessage, savetranslation);
// the voice and image calls are in the services group. docs/server-services.md has the wire format.
import type { ServerContext } from '../../context.ts';
import type { HandlerMap } from '../../http/handler-types.ts';
import { callerOf } from '../../services/messages/ids.ts';
import { operateMessage, saveTranslation, voiceToTextMessage } from '../../services/providers/operations.ts';

export function providerHandlers(ctx: ServerContext): HandlerMap {
  return {
    voiceToTextMessage: ({ body, session }) => voiceToTextMessage(ctx, callerOf(session), body),
    operateMessage: ({ body, session }) => operateMessage(ctx, callerOf(session), body),
    async saveTranslation({ body, session }) {
      await saveTranslation(ctx, callerOf(session), body);
      return {};
    },
  };
}
