// viewroom, getroomaccounts, getlastmessage, getroompolicy, getallroompolicy, getauditinfo, getroomprofileimage.
import type { ServerContext } from '../../context.ts';
import type { HandlerMap } from '../../http/handler-types.ts';
import { allRoomPolicies, auditInfo, lastMessage, profileImages, roomAccounts, roomPolicy, viewRoom } from '../../services/rooms/queries.ts';
import { parseId } from '../../http/wire-ids.ts';
import { roomIdOf } from './session.ts';

export function viewHandlers(ctx: ServerContext) {
  return {
    viewRoom: async (input) => viewRoom(ctx, input.session, roomIdOf(input.body)),
    getRoomAccounts: async (input) => roomAccounts(ctx, input.session, roomIdOf(input.body)),
    getLastMessage: async (input) => lastMessage(ctx, input.session, roomIdOf(input.body), input.body.withUnreadCount === true),
    getRoomPolicy: async (input) => roomPolicy(ctx, input.session, roomIdOf(input.body)),
    getAllRoomPolicy: async () => {
      return allRoomPolicies(ctx);
    },
    getAuditInfo: async (input) => {
      const { lastRoomAuditInfoId, batchSize } = input.body;
      const after = lastRoomAuditInfoId === undefined ? null : parseId(lastRoomAuditInfoId, 'lastRoomAuditInfoId');
      return auditInfo(ctx, input.session, roomIdOf(input.body), after, batchSize);
    },
    getRoomProfileImage: async (input) => {
      const roomIds = input.body.roomIds.flatMap((id) => (/^\d{1,15}$/.test(id) ? [Number(id)] : []));
      return profileImages(ctx, input.session, roomIds, input.body.isFull === true);
    },
  } satisfies HandlerMap;
}
