// Handlers of the messages group (schema/endpoints). The provider-backed calls of the group (voicetotextmessage,
// operatemessage, savetranslation) are served by routes/providers; broadcast sends by routes/broadcast.
import type { ServerContext } from '../../context.ts';
import type { HandlerMap } from '../../http/handler-types.ts';
import { archiveHandlers } from './archive.ts';
import { fileHandlers } from './files.ts';
import { markHandlers } from './marks.ts';
import { pollHandlers } from './polls.ts';
import { receiveHandlers } from './receive.ts';
import { sendHandlers } from './send.ts';

export function messageHandlers(ctx: ServerContext) {
  return {
    ...sendHandlers(ctx),
    ...receiveHandlers(ctx),
    ...markHandlers(ctx),
    ...fileHandlers(ctx),
    ...archiveHandlers(ctx),
    ...pollHandlers(ctx),
  } satisfies HandlerMap;
}
