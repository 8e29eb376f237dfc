// Handlers of the security group (schema/endpoints): the AES key records of rooms and the common key.
import type { ServerContext } from '../../context.ts';
import type { HandlerMap } from '../../http/handler-types.ts';
import { requireMember } from '../../services/room-access.ts';
import { commonKey, ensureRoomKey, keyRecord } from '../../services/keys/room-keys.ts';
import { parseId } from '../../http/wire-ids.ts';

export function securityHandlers(ctx: ServerContext) {
  return {
    async getAesKeyByRoomId({ body, session }) {
      const caller = session;
      const roomId = parseId(body.roomId, 'roomId');
      await requireMember(ctx, roomId, caller.accountId);
      const { key } = await ensureRoomKey(ctx, roomId, { rotate: false });
      return { aesKey: keyRecord(key) };
    },

    async getAesKeyByMessageKeyUuids({ body, session }) {
      const caller = session;
      const keys = await ctx.repos.keys.findReadableByUuids(body.messageKeyUuids, caller.accountId);
      return { aesKeys: keys.map(keyRecord) };
    },

    async getCommonAesKey() {
      return { aesKey: keyRecord(await commonKey(ctx)) };
    },
  } satisfies HandlerMap;
}
