// Every group's handlers in one table, checked against the contract by the type checker.
import type { ServerContext } from '../context.ts';
import type { Handlers } from '../http/handler-types.ts';
import { accountHandlers } from './account/index.ts';
import { authenticationHandlers } from './authentication/index.ts';
import { broadcastHandlers } from './broadcast/index.ts';
import { contentHandlers } from './content/index.ts';
import { directoryHandlers } from './directory/index.ts';
import { messageHandlers } from './messages/index.ts';
import { providerHandlers } from './providers/index.ts';
import { publicHandlers } from './public/index.ts';
import { roomHandlers } from './rooms/index.ts';
import { securityHandlers } from './security/index.ts';
import { serviceHandlers } from './services/index.ts';
import { testCryptoHandlers } from './testcrypto/index.ts';

/**
 * Total over the contract: each group function returns its handlers with their exact names, so a call without a
 * handler (or a misspelt one) is a type error here, not a NOT_IMPLEMENTED at run time.
 */
export function allHandlers(ctx: ServerContext): Handlers {
  return {
    ...publicHandlers(ctx),
    ...authenticationHandlers(ctx),
    ...accountHandlers(ctx),
    ...securityHandlers(ctx),
    ...roomHandlers(ctx),
    ...messageHandlers(ctx),
    ...broadcastHandlers(ctx),
    ...providerHandlers(ctx),
    ...directoryHandlers(ctx),
    ...contentHandlers(ctx),
    ...serviceHandlers(ctx),
    ...testCryptoHandlers(ctx),
  };
}
