// getroomevents, saveroomevent, deleteroomevent.
import type { ServerContext } from '../../context.ts';
import type { HandlerMap } from '../../http/handler-types.ts';
import { deleteEvent, listEvents, saveEvent } from '../../services/rooms/events.ts';
import { roomIdOf, viewerOf } from './session.ts';

export function eventHandlers(ctx: ServerContext): HandlerMap {
  return {
    getRoomEvents: async (input) => ({ roomEvents: await listEvents(ctx, viewerOf(input), roomIdOf(input.body)) }),
    saveRoomEvent: async (input) => saveEvent(ctx, viewerOf(input), input.body),
    deleteRoomEvent: async (input) => deleteEvent(ctx, viewerOf(input), input.body.eventId),
  };
}
