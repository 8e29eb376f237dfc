// Every group's handlers in one table; a call without a handler answers NOT_IMPLEMENTED.
import type { ServerContext } from '../context.ts';
import type { HandlerMap } from '../http/handler-types.ts';
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

type GroupHandlers = (ctx: ServerContext) => HandlerMap;

const groups: GroupHandlers[] = [
  publicHandlers,
  authenticationHandlers,
  accountHandlers,
  securityHandlers,
  roomHandlers,
  messageHandlers,
  broadcastHandlers,
  providerHandlers,
  directoryHandlers,
  contentHandlers,
  serviceHandlers,
  testCryptoHandlers,
];

export function allHandlers(ctx: ServerContext): HandlerMap {
  return Object.assign({}, ...groups.map((group) => group(ctx))) as HandlerMap;
}
