// Handlers of the account group (schema/endpoints).
import type { ServerContext } from '../../context.ts';
import type { HandlerMap } from '../../http/handler-types.ts';

export function accountHandlers(_ctx: ServerContext): HandlerMap {
  return {};
}
