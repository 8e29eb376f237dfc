// Handlers of the services calls (schema/endpoints).
import type { ServerContext } from '../../context.ts';
import type { HandlerMap } from '../../http/handler-types.ts';

export function serviceHandlers(_ctx: ServerContext): HandlerMap {
  return {};
}
