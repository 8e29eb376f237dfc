// voice/speak, voice/recognize and image/recognizeimages: provider-backed (docs/server-services.md).
import type { ServerContext } from '../../context.ts';
import type { HandlerMap } from '../../http/handler-types.ts';
import { recognizeImage, recognizeVoice, speak } from '../../services/providers/operations.ts';

export function mediaHandlers(ctx: ServerContext) {
  return {
    speakVoice: ({ body, session }) => speak(ctx, session, body.messageId),
    recognizeVoice: ({ body, session }) => recognizeVoice(ctx, session, body.messageId),
    recognizeImages: ({ body }) => {
      return recognizeImage(ctx, body);
    },
  } satisfies HandlerMap;
}
