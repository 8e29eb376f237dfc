// The caller's own view of a room: pinroom, unpinroom, muteroom, unmuteroom, hideroom, unhideroom, closeroom.
import type { ServerContext } from '../../context.ts';
import type { HandlerMap } from '../../http/handler-types.ts';
import { muteRoom, setPersonalFlag, unmuteRoom } from '../../services/rooms/settings.ts';
import { roomIdOf } from './session.ts';

export function personalHandlers(ctx: ServerContext) {
  return {
    pinRoom: async (input) => setPersonalFlag(ctx, input.session, roomIdOf(input.body), 'pin'),
    unpinRoom: async (input) => setPersonalFlag(ctx, input.session, roomIdOf(input.body), 'unpin'),
    hideRoom: async (input) => setPersonalFlag(ctx, input.session, roomIdOf(input.body), 'hide'),
    unhideRoom: async (input) => setPersonalFlag(ctx, input.session, roomIdOf(input.body), 'unhide'),
    closeRoom: async (input) => setPersonalFlag(ctx, input.session, roomIdOf(input.body), 'close'),
    muteRoom: async (input) => muteRoom(ctx, input.session, roomIdOf(input.body), input.body),
    unmuteRoom: async (input) => unmuteRoom(ctx, input.session, roomIdOf(input.body)),
  } satisfies HandlerMap;
}
