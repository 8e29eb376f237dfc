// Handlers of the broadcast calls (schema/endpoints/messages.json; docs/server-services.md).
import type { ServerContext } from '../../context.ts';
import type { HandlerMap } from '../../http/handler-types.ts';
import { broadcastAccessRights } from '../../services/broadcast/rights.ts';
import { broadcastMessages } from '../../services/broadcast/send.ts';
import { callerOf } from '../../services/messages/ids.ts';

export function broadcastHandlers(ctx: ServerContext): HandlerMap {
  return {
    broadcastAesMessages: ({ body, session }) => broadcastMessages(ctx, callerOf(session), body),
    getBroadcastAccessRights: ({ session }) => broadcastAccessRights(ctx, callerOf(session).accountId),
  };
}
