// Handlers of the testcrypto group (schema/endpoints).
import type { ServerContext } from '../../context.ts';
import type { HandlerMap } from '../../http/handler-types.ts';

export function testCryptoHandlers(_ctx: ServerContext): HandlerMap {
  return {};
}
