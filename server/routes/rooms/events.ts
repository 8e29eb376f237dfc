// getroomevents, saveroomevent, deleteroomevent.
import type { ServerContext } from '../../context.ts';
import type { HandlerMap } from '../../http/handler-types.ts';
import { deleteEvent, listEvents, saveEvent } from '../../services/rooms/events.ts';
import { roomIdOf } from './session.ts';

export function eventHandlers(ctx: ServerContext) {
  return {
    getRoomEvents: async (input) => ({ roomEvents: await listEvents(ctx, input.session, roomIdOf(input.body)) }),
    saveRoomEvent: async (input) => saveEvent(ctx, input.session, input.body),
    deleteRoomEvent: async (input) => deleteEvent(ctx, input.session, input.body.eventId),
  } satisfies HandlerMap;
}
