// Handlers of the broadcast calls (schema/endpoints).
import type { ServerContext } from '../../context.ts';
import type { HandlerMap } from '../../http/handler-types.ts';

export function broadcastHandlers(_ctx: ServerContext): HandlerMap {
  return {};
}
