// getroomlist, getsimpleroomlist, gethidedroomlist, searchroom.
import type { ServerContext } from '../../context.ts';
import type { HandlerMap } from '../../http/handler-types.ts';
import { roomList, searchRooms, simpleRoomList } from '../../services/rooms/queries.ts';
import { viewerOf } from './session.ts';

export function listHandlers(ctx: ServerContext): HandlerMap {
  return {
    getRoomList: async (input) => roomList(ctx, viewerOf(input), input.body),
    getSimpleRoomList: async (input) => simpleRoomList(ctx, viewerOf(input), 'visible', input.body),
    getHidedRoomList: async (input) => simpleRoomList(ctx, viewerOf(input), 'hidden', input.body),
    searchRoom: async (input) => searchRooms(ctx, viewerOf(input), input.body.searchCriteria),
  };
}
