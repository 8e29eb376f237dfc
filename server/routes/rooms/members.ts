// addroommembers, removeroommember, addroomadmin, removeroomadmin, leaveroom, deleteroom,
// room/hospital/deleteandexportroom.
import { kickArchiveWorker } from '../../services/messages/archive.ts';
import type { ServerContext } from '../../context.ts';
import type { HandlerMap } from '../../http/handler-types.ts';
import { addMembers, deleteRoom, leaveRoom, removeMember, setAdmin } from '../../services/rooms/membership.ts';
import { roomIdOf } from './session.ts';

export function memberHandlers(ctx: ServerContext) {
  return {
    addRoomMembers: async (input) => addMembers(ctx, input.session, roomIdOf(input.body), input.body.accountIds),
    removeRoomMember: async (input) => removeMember(ctx, input.session, roomIdOf(input.body), input.body.accountId),
    addRoomAdmin: async (input) => setAdmin(ctx, input.session, roomIdOf(input.body), input.body.accountId, true),
    removeRoomAdmin: async (input) => setAdmin(ctx, input.session, roomIdOf(input.body), input.body.accountId, false),
    leaveRoom: async (input) => leaveRoom(ctx, input.session, roomIdOf(input.body)),
    deleteRoom: async (input) => deleteRoom(ctx, input.session, roomIdOf(input.body)),
    deleteAndExportRoom: async (input) => {
      const result = await deleteRoom(ctx, input.session, roomIdOf(input.body), { export: true });
      void kickArchiveWorker(ctx); // the export job was committed with the deletion
      return result;
    },
  } satisfies HandlerMap;
}
