// broadcast/broadcastaesmessages: the caller, acting for a delegate, sends encrypted messages to the
// recipients the delegate's rights allow. The recipients, the caller and the delegate share one BROADCAST
// room per delegate and recipient set (reused by later broadcasts to the same people); the caller and the
// delegate are its admins, so the default SEND_MESSAGE policy (admins only) keeps it one-way.
import { createHash } from 'node:crypto';
import type * as T from '../../../generated/types/index.ts';
import type { ServerContext } from '../../context.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AuthenticatedSession } from '../../http/types.ts';
import { repos, type BlobRecord, type Repos, type Room, type StoredMessage } from '../../store/repos/index.ts';
import type { StoredFile } from '../../store/blobs.ts';
import { delegateOf, mayActFor, type Delegate } from '../directory/delegates.ts';
import { storeCiphertextFile, base64Size } from '../messages/send.ts';
import { announceNewMessage, neutralView, storeMessage } from '../messages/store.ts';
import { openExtOf, presentAll } from '../messages/wire.ts';
import { requirePolicy } from '../room-access.ts';
import { Outbox, roomNotice, roomSummary } from '../rooms/context.ts';
import { resolveRecipients } from './recipients.ts';

type Caller = Pick<AuthenticatedSession, 'accountId' | 'roles'>;

const FILE_TYPES = new Set(['IMAGE', 'VIDEO', 'VOICE', 'FILE']);
const ROOM_NAME_MAX = 30;

/** The one room of a delegate and a recipient set. */
export function broadcastRoomKey(delegateId: number, recipientIds: readonly number[]): string {
  const digest = createHash('sha256').update([...recipientIds].sort((a, b) => a - b).join(',')).digest('hex');
  return `broadcast:${delegateId}:${digest}`;
}

function checkMessage(message: T.BroadcastMessage): void {
  if (message.type === 'SYSTEM') throw new ApiError('MESSAGE_TYPE_UNSUPPORTED', 'system messages come from the server');
  if (FILE_TYPES.has(message.type) && !message.aesMessageFile) throw new ApiError('INVALID_INPUT', `a ${message.type} message needs aesMessageFile`);
  if (message.aesMessageFile && !FILE_TYPES.has(message.type)) throw new ApiError('INVALID_INPUT', `a ${message.type} message carries no file`);
  if (message.type === 'TEXT' && !message.aesMessage) throw new ApiError('INVALID_INPUT', 'a TEXT message needs aesMessage');
  if (message.type === 'POLLING') throw new ApiError('MESSAGE_TYPE_UNSUPPORTED', 'a poll is not broadcast');
}

async function requireDelegate(ctx: ServerContext, caller: Caller, delegateMemberId: string | undefined): Promise<Delegate> {
  const delegate = await delegateOf(ctx, delegateMemberId ?? caller.accountId);
  if (!delegate || !mayActFor(caller.accountId, delegate)) throw new ApiError('FORBIDDEN', 'no broadcast rights for this delegate');
  return delegate;
}

/** Finds the room of this delegate and recipient set, or creates it; brings back anyone removed since. */
async function openRoom(r: Repos, caller: Caller, delegate: Delegate, tenantId: number, recipients: readonly number[], outbox: Outbox) {
  const key = broadcastRoomKey(delegate.accountId, recipients);
  const admins = [...new Set([delegate.accountId, caller.accountId])];
  let room: Room | null = await r.rooms.findByDedupeKey(key);
  const isNew = room === null;
  if (!room) {
    room = await r.rooms.create({
      roomType: 'BROADCAST',
      roomName: delegate.delegateMemberDisplayName.slice(0, ROOM_NAME_MAX),
      tenantId,
      createdBy: caller.accountId,
      dedupeKey: key,
    });
    await r.policies.applyDefaults(room.id, 'BROADCAST');
  }
  const active = new Set(await r.members.activeAccountIds(room.id));
  await r.members.add(room.id, admins.filter((id) => !active.has(id)), { admin: true });
  for (const id of admins) await r.members.setAdmin(room.id, id, true);
  await r.members.add(room.id, recipients.filter((id) => !active.has(id)));
  outbox.restore(room.id, [...admins, ...recipients].filter((id) => !active.has(id)));
  const limit = Number((await r.policies.get(room.id, 'ROOM_SIZE_LIMIT'))?.value ?? 0);
  const members = await r.members.activeAccountIds(room.id);
  if (limit > 0 && members.length > limit) throw new ApiError('ROOM_SIZE_LIMIT', `at most ${limit} members`);
  if (isNew) outbox.toRoom(room.id, members, roomNotice('ROOM_CREATE', room, caller.accountId, roomSummary(room, members)));
  return room;
}

export async function broadcastMessages(ctx: ServerContext, caller: Caller, body: T.BroadcastPayload): Promise<T.BroadcastAesMessagesResponse> {
  body.messages.forEach(checkMessage);
  const delegate = await requireDelegate(ctx, caller, body.delegateMemberId);
  const sender = await ctx.repos.accounts.findById(caller.accountId);
  if (!sender) throw new ApiError('SESSION_EXPIRED');
  const recipients = await resolveRecipients(ctx, delegate, sender.tenantId, body, [caller.accountId, delegate.accountId]);
  if (recipients.length === 0) throw new ApiError('CHAT_MEMBER_MISSING', 'the selections name no chat account');
  const files: (StoredFile | null)[] = [];
  for (const message of body.messages) files.push(message.aesMessageFile ? await storeCiphertextFile(ctx, message.aesMessageFile) : null);

  const outbox = new Outbox();
  const { room, stored } = await ctx.db.transaction(async (tx) => {
    const r = repos(tx);
    const room = await openRoom(r, caller, delegate, sender.tenantId, recipients, outbox);
    const [key] = await r.keys.findByUuids([body.messageKeyUuid]);
    if (!key || (key.roomId !== null && key.roomId !== room.id)) {
      throw new ApiError('INVALID_INPUT', 'messageKeyUuid is neither the common key nor a key of the broadcast room');
    }
    await requirePolicy(ctx, room.id, caller, 'SEND_MESSAGE');
    const stored: StoredMessage[] = [];
    for (const [i, message] of body.messages.entries()) {
      const file = files[i];
      let blob: BlobRecord | null = null;
      if (file) blob = await r.blobs.insert({ ...file, contentType: 'text/plain' });
      const ext = openExtOf(message.aesMessageFilename ?? null);
      stored.push(
        await storeMessage(ctx, tx, room, caller.accountId, {
          messageType: message.type,
          messageKeyUuid: key.messageKeyUuid,
          aesMessage: message.aesMessage ?? null,
          aesMessageFileRef: blob?.id ?? null,
          aesMessageFilename: message.aesMessageFilename ?? null,
          aesMessageFileOpenExt: ext ?? null,
          aesMessageFileType: blob ? 'application/octet-stream' : null,
          filesize: message.aesMessageFile ? base64Size(message.aesMessageFile) : null,
          aesMessageFileMetadata: message.aesMessageFileMetadata ?? null,
          hints: delegate.accountId === caller.accountId ? null : { onBehalfOf: delegate.delegateMemberId },
        }),
      );
    }
    return { room, stored };
  });
  await outbox.flush(ctx.notifier, ctx.log);

  const views = stored.map((m) => neutralView(m, recipients.length + (delegate.accountId === caller.accountId ? 0 : 1)));
  const neutral = await presentAll(ctx, null, views);
  for (const [i, message] of stored.entries()) {
    await announceNewMessage(ctx, message);
    const data = neutral[i];
    if (!data) continue;
    await ctx.notifier.toBroadcastRoom(room.id, {
      notifyType: 'BROADCAST_MESSAGE',
      senderId: String(caller.accountId),
      dataId: String(message.id),
      roomId: String(room.id),
      data,
    });
  }
  return { roomId: String(room.id), messages: await presentAll(ctx, caller.accountId, views) };
}
