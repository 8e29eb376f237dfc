// Handlers of the public group (schema/endpoints).
import type { ServerContext } from '../../context.ts';
import type { HandlerMap } from '../../http/handler-types.ts';

export function publicHandlers(_ctx: ServerContext): HandlerMap {
  return {};
}
