// Attachments and exports: downloadaesfile, downloadoriginalaesfile, exportroommessages,
// exportmessagesandfiles. Files are returned as the client stored them (base64 ciphertext text).
import type { ServerContext } from '../../context.ts';
import { ApiError } from '../../http/api-error.ts';
import type { HandlerMap } from '../../http/handler-types.ts';
import { fileResult, type AuthenticatedSession } from '../../http/types.ts';
import { requirePolicy } from '../../services/room-access.ts';
import { buildBundle, roomTitle } from '../../services/messages/bundle.ts';
import { parseId, parseIds } from '../../http/wire-ids.ts';
import { allVisible } from '../../services/messages/listing.ts';
import { requireVisible } from '../../services/messages/store.ts';
import { presentAll } from '../../services/messages/wire.ts';
import type { PolicyEntry } from '../../store/repos/index.ts';
import type { RoomPolicyEntry } from '../../../generated/types/index.ts';

const POLICY_KIND = { ROLE: 'MEMBER_ROLE', BOOLEAN: 'BOOLEAN', NUMBER: 'NUMBER' } as const;

const wirePolicy = (entry: PolicyEntry) => ({
  attr: entry.attr as RoomPolicyEntry['attr'], // the store holds only the contract's policy keys
  value: Number(entry.value),
  type: POLICY_KIND[entry.type],
  allowEdit: entry.allowEdit,
  attrGrp: entry.attrGrp,
  seq: entry.seq,
});

export function fileHandlers(ctx: ServerContext) {
  const download = async (
    body: { roomId: string; messageId: string },
    session: AuthenticatedSession,
    policy: 'ALLOW_DOWN_ATTACH' | 'ALLOW_DOWN_ORIG_MSG',
  ) => {
    const caller = session;
    const roomId = parseId(body.roomId, 'roomId');
    await requirePolicy(ctx, roomId, caller, policy);
    const [view] = await requireVisible(ctx, roomId, caller.accountId, [parseId(body.messageId, 'messageId')]);
    const message = view!.message;
    const blob = message.aesMessageFileRef === null ? null : await ctx.repos.blobs.findById(message.aesMessageFileRef);
    if (!blob) throw new ApiError('DOWNLOAD_FAILED', 'the message has no attachment');
    const bytes = await ctx.blobs.read(blob.path);
    return fileResult(message.aesMessageFilename ?? `message-${message.id}`, 'application/octet-stream', bytes);
  };

  return {
    downloadAesFile: ({ body, session }) => download(body, session, 'ALLOW_DOWN_ATTACH'),
    /** The server keeps one file per message, the one the client sent: it is the original. */
    downloadOriginalAesFile: ({ body, session }) => download(body, session, 'ALLOW_DOWN_ORIG_MSG'),

    async exportRoomMessages({ body, session }) {
      const caller = session;
      const roomId = parseId(body.roomId, 'roomId');
      await requirePolicy(ctx, roomId, caller, 'ALLOW_EXPORT_MSG');
      const views = await allVisible(ctx, roomId, caller.accountId);
      return {
        roomName: await roomTitle(ctx, roomId, caller.accountId),
        policy: (await ctx.repos.policies.list(roomId)).map(wirePolicy),
        messages: await presentAll(ctx, caller.accountId, views),
      };
    },

    async exportMessagesAndFiles({ body, session }) {
      const caller = session;
      const roomId = parseId(body.roomId, 'roomId');
      await requirePolicy(ctx, roomId, caller, 'ALLOW_EXPORT_MSG');
      const views = await requireVisible(ctx, roomId, caller.accountId, parseIds(body.messageIds, 'messageIds'));
      const roomName = await roomTitle(ctx, roomId, caller.accountId);
      const wire = await presentAll(ctx, caller.accountId, views);
      const zip = await buildBundle(ctx, 'messages.json', { roomId: String(roomId), roomName, exportedAt: ctx.now().getTime() }, views, wire);
      return fileResult(`${roomName}-export.zip`, 'application/zip', zip);
    },
  } satisfies HandlerMap;
}
