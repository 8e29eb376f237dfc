// getroomlist, getsimpleroomlist, gethidedroomlist, searchroom.
import type { ServerContext } from '../../context.ts';
import type { HandlerMap } from '../../http/handler-types.ts';
import { roomList, searchRooms, simpleRoomList } from '../../services/rooms/queries.ts';

export function listHandlers(ctx: ServerContext) {
  return {
    getRoomList: async (input) => roomList(ctx, input.session, input.body),
    getSimpleRoomList: async (input) => simpleRoomList(ctx, input.session, 'visible', input.body),
    getHidedRoomList: async (input) => simpleRoomList(ctx, input.session, 'hidden', input.body),
    searchRoom: async (input) => searchRooms(ctx, input.session, input.body.searchCriteria),
  } satisfies HandlerMap;
}
