// Handlers of the rooms group (schema/endpoints/rooms.json); the rules live in server/services/rooms/.
import type { ServerContext } from '../../context.ts';
import type { HandlerMap } from '../../http/handler-types.ts';
import { createHandlers } from './create.ts';
import { eventHandlers } from './events.ts';
import { listHandlers } from './lists.ts';
import { memberHandlers } from './members.ts';
import { personalHandlers } from './personal.ts';
import { settingHandlers } from './settings.ts';
import { viewHandlers } from './view.ts';

export function roomHandlers(ctx: ServerContext) {
  return {
    ...createHandlers(ctx),
    ...listHandlers(ctx),
    ...viewHandlers(ctx),
    ...personalHandlers(ctx),
    ...memberHandlers(ctx),
    ...settingHandlers(ctx),
    ...eventHandlers(ctx),
  } satisfies HandlerMap;
}
