// Handlers of the broadcast calls (schema/endpoints/messages.json; docs/server-services.md).
import type { ServerContext } from '../../context.ts';
import type { HandlerMap } from '../../http/handler-types.ts';
import { broadcastAccessRights } from '../../services/broadcast/rights.ts';
import { broadcastMessages } from '../../services/broadcast/send.ts';

export function broadcastHandlers(ctx: ServerContext) {
  return {
    broadcastAesMessages: ({ body, session }) => broadcastMessages(ctx, session, body),
    getBroadcastAccessRights: ({ session }) => broadcastAccessRights(ctx, session.accountId),
  } satisfies HandlerMap;
}
