// Handlers of the content calls (schema/endpoints).
import type { ServerContext } from '../../context.ts';
import type { HandlerMap } from '../../http/handler-types.ts';

export function contentHandlers(_ctx: ServerContext): HandlerMap {
  return {};
}
