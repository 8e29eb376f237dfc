// Handlers of the directory calls (schema/endpoints).
import type { ServerContext } from '../../context.ts';
import type { HandlerMap } from '../../http/handler-types.ts';

export function directoryHandlers(_ctx: ServerContext): HandlerMap {
  return {};
}
