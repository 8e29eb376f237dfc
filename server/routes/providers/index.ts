// Handlers of the providers calls (schema/endpoints).
import type { ServerContext } from '../../context.ts';
import type { HandlerMap } from '../../http/handler-types.ts';

export function providerHandlers(_ctx: ServerContext): HandlerMap {
  return {};
}
