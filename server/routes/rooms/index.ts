// Handlers of the rooms group (schema/endpoints).
import type { ServerContext } from '../../context.ts';
import type { HandlerMap } from '../../http/handler-types.ts';

export function roomHandlers(_ctx: ServerContext): HandlerMap {
  return {};
}
