// Handlers of the messages group (schema/endpoints).
import type { ServerContext } from '../../context.ts';
import type { HandlerMap } from '../../http/handler-types.ts';

export function messageHandlers(_ctx: ServerContext): HandlerMap {
  return {};
}
