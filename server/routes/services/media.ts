// voice/speak, voice/recognize and image/recognizeimages: provider-backed (docs/server-services.md).
import type { ServerContext } from '../../context.ts';
import type { HandlerMap } from '../../http/handler-types.ts';
import { callerOf } from '../../services/messages/ids.ts';
import { recognizeImage, recognizeVoice, speak } from '../../services/providers/operations.ts';

export function mediaHandlers(ctx: ServerContext): HandlerMap {
  return {
    speakVoice: ({ body, session }) => speak(ctx, callerOf(session), body.messageId),
    recognizeVoice: ({ body, session }) => recognizeVoice(ctx, callerOf(session), body.messageId),
    recognizeImages: ({ body, session }) => {
      callerOf(session);
      return recognizeImage(ctx, body);
    },
  };
}
