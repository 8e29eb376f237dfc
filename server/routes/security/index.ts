// Handlers of the security group (schema/endpoints).
import type { ServerContext } from '../../context.ts';
import type { HandlerMap } from '../../http/handler-types.ts';

export function securityHandlers(_ctx: ServerContext): HandlerMap {
  return {};
}
