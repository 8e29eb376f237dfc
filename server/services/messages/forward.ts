// forwardaesmessages: copies messages into another room as they are — the same ciphertext, the same
// messageKeyUuid and the same stored attachment — marked as forwarded. The key stays readable to the
// target room's members through the messages that use it (getaeskeybymessagekeyuuids).
import type { ServerContext } from '../../context.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AuthenticatedSession } from '../../http/types.ts';
import type { StoredMessage } from '../../store/repos/index.ts';
import { requirePolicy } from '../room-access.ts';
import { parseId, parseIds } from '../../http/wire-ids.ts';
import { readPoll, resetPoll } from './polls.ts';
import { announceNewMessage, requireRoom, requireVisible, storeMessage } from './store.ts';

export interface ForwardRequest {
  roomId: string;
  fromRoomId: string;
  messageIds: string[];
}

export async function forwardMessages(ctx: ServerContext, caller: AuthenticatedSession, request: ForwardRequest): Promise<StoredMessage[]> {
  const fromRoomId = parseId(request.fromRoomId, 'fromRoomId');
  const toRoomId = parseId(request.roomId, 'roomId');
  await requirePolicy(ctx, fromRoomId, caller, 'ALLOW_FORWARD_MSG');
  const target = await requireRoom(ctx, toRoomId);
  await requirePolicy(ctx, toRoomId, caller, 'SEND_MESSAGE');
  const views = await requireVisible(ctx, fromRoomId, caller.accountId, parseIds(request.messageIds, 'messageIds'));
  const sources = views.map((v) => v.message);
  if (sources.some((m) => m.status === 'ALL_DELETED' || m.messageType === 'SYSTEM')) throw new ApiError('MESSAGE_NOT_FOUND', 'recalled and system messages cannot be forwarded');

  const copies = await ctx.db.transaction(async (tx) => {
    const stored: StoredMessage[] = [];
    for (const m of sources) {
      const poll = readPoll(m.polling);
      stored.push(
        await storeMessage(ctx, tx, target, caller.accountId, {
          messageType: m.messageType,
          messageKeyUuid: m.messageKeyUuid,
          langId: m.langId,
          aesMessage: m.aesMessage,
          aesMessageFileRef: m.aesMessageFileRef,
          aesMessageFilename: m.aesMessageFilename,
          aesMessageFileOpenExt: m.aesMessageFileOpenExt,
          aesMessageFileType: m.aesMessageFileType,
          filesize: m.filesize,
          aesMessageFileMetadata: m.aesMessageFileMetadata,
          aesMessageUrlMetadata: m.aesMessageUrlMetadata,
          thumbnailRef: m.thumbnailRef,
          originalFileRef: m.originalFileRef,
          checksum: m.checksum,
          isForwarded: true,
          polling: poll ? resetPoll(poll) : null,
        }),
      );
    }
    return stored;
  });
  for (const copy of copies) await announceNewMessage(ctx, copy);
  return copies;
}
