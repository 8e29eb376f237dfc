// Handlers of the authentication group (schema/endpoints).
import type { ServerContext } from '../../context.ts';
import type { HandlerMap } from '../../http/handler-types.ts';

export function authenticationHandlers(_ctx: ServerContext): HandlerMap {
  return {};
}
