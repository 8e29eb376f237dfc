// Every group's handlers in one table; a call without a handler answers NOT_IMPLEMENTED.
import type { ServerContext } from '../context.ts';
import type { HandlerMap } from '../http/handler-types.ts';
import { accountHandlers } from './account/index.ts';
import { authenticationHandlers } from './authentication/index.ts';
import { messageHandlers } from './messages/index.ts';
import { publicHandlers } from './public/index.ts';
import { roomHandlers } from './rooms/index.ts';
import { securityHandlers } from './security/index.ts';
import { testCryptoHandlers } from './testcrypto/index.ts';

type GroupHandlers = (ctx: ServerContext) => HandlerMap;

const groups: GroupHandlers[] = [
  publicHandlers,
  authenticationHandlers,
  accountHandlers,
  securityHandlers,
  roomHandlers,
  messageHandlers,
  testCryptoHandlers,
];

export function allHandlers(ctx: ServerContext): HandlerMap {
  return Object.assign({}, ...groups.map((group) => group(ctx))) as HandlerMap;
}
