// sendaesmessage: checks what the payload may carry for its type, stores the attachment ciphertext,
// and picks the key: the named one (which must be a key of the room) or the room's key.
import type { SendAesMessageRequest } from '../../../generated/types/index.ts';
import type { ServerContext } from '../../context.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AuthenticatedSession } from '../../http/types.ts';
import { BlobTooLargeError } from '../../store/blobs.ts';
import { repos, type BlobRecord } from '../../store/repos/index.ts';
import { ensureRoomKey } from '../keys/room-keys.ts';
import { policyAllows, requirePolicy } from '../room-access.ts';
import { parseId, parseIds, parseOptionalId } from '../../http/wire-ids.ts';
import { newPoll, type StoredPoll } from './polls.ts';
import { liveRoom, storeRoomMessage, type StoredRoomMessage } from './store.ts';
import { openExtOf } from './wire.ts';

const FILE_TYPES = new Set(['IMAGE', 'VIDEO', 'VOICE', 'FILE']);
/** The seed's upload rule for images. */
const IMAGE_EXTENSIONS = new Set(['gif', 'jpeg', 'jpg', 'png']);
const MIME_BY_EXT: Record<string, string> = {
  gif: 'image/gif',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  png: 'image/png',
  mp4: 'video/mp4',
  webm: 'video/webm',
  ogg: 'audio/ogg',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  wav: 'audio/wav',
  pdf: 'application/pdf',
  txt: 'text/plain',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  zip: 'application/zip',
};

export interface SendResult extends StoredRoomMessage {
  isRecrypted: boolean;
  /** The sender's unread and mentioned messages in the room (the send's answer carries them). */
  unread: { unread: number; mentioned: number };
}

/** Bytes a base64 text decodes to. */
export function base64Size(text: string): number {
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((text.length * 3) / 4) - padding);
}

/** Stores base64 ciphertext text in the blob store (the row is written by the caller's transaction). */
export async function storeCiphertextFile(ctx: Pick<ServerContext, 'blobs' | 'config'>, text: string) {
  if (base64Size(text) > ctx.config.attachSizeBytes) throw new ApiError('TOO_LARGE');
  try {
    return await ctx.blobs.write(Buffer.from(text, 'utf8'), Math.ceil((ctx.config.attachSizeBytes * 4) / 3) + 4);
  } catch (error) {
    if (error instanceof BlobTooLargeError) throw new ApiError('TOO_LARGE');
    throw error;
  }
}

function checkPayload(body: SendAesMessageRequest): StoredPoll | null {
  const type = body.type;
  if (type === 'SYSTEM') throw new ApiError('MESSAGE_TYPE_UNSUPPORTED', 'system messages come from the server');
  if (FILE_TYPES.has(type) && !body.aesMessageFile) throw new ApiError('INVALID_INPUT', `a ${type} message needs aesMessageFile`);
  if (type === 'TEXT' && !body.aesMessage) throw new ApiError('INVALID_INPUT', 'a TEXT message needs aesMessage');
  if (body.aesMessageFile && !FILE_TYPES.has(type)) throw new ApiError('INVALID_INPUT', `a ${type} message carries no file`);
  if (type === 'IMAGE' && body.aesMessageFilename) {
    const ext = openExtOf(body.aesMessageFilename);
    if (!ext || !IMAGE_EXTENSIONS.has(ext)) throw new ApiError('FILE_TYPE_UNSUPPORTED');
  }
  if (type === 'POLLING') return newPoll(body.messagePolling);
  if (body.messagePolling) throw new ApiError('INVALID_INPUT', 'only a POLLING message carries a poll');
  return null;
}

export async function sendMessage(
  ctx: ServerContext,
  session: AuthenticatedSession,
  body: SendAesMessageRequest,
): Promise<SendResult> {
  const roomId = parseId(body.roomId, 'roomId');
  const poll = checkPayload(body);
  const mentionIds = parseIds(body.msgMentionAccountIds ?? [], 'msgMentionAccountIds');
  const replyToId = parseOptionalId(body.replyToMessageId, 'replyToMessageId');
  const namedKey = 'messageKeyUuid' in body ? body.messageKeyUuid : undefined;
  const policyAttrs = body.type === 'CONTACT' ? ['SEND_MESSAGE', 'ALLOW_CONTACTS_MSG'] : ['SEND_MESSAGE'];
  const ext = openExtOf(body.aesMessageFilename ?? null);
  // A non-member stores no file: the attachment is checked first (the room's lock is not held while it is written).
  if (body.aesMessageFile) for (const attr of policyAttrs) await requirePolicy(ctx, roomId, session, attr);
  const file = body.aesMessageFile ? await storeCiphertextFile(ctx, body.aesMessageFile) : null;

  const sent = await ctx.db.transaction(async (tx): Promise<SendResult | null> => {
    const r = repos(tx);
    // One statement: the room's write lock first (a membership change commits wholly before this send's key check
    // or after it), with the membership, policies, key state and named references the send checks.
    const facts = await r.sendFacts.readLocked({ roomId, accountId: session.accountId, policyAttrs, replyToId, namedKey: namedKey ?? null });
    if (!facts?.member || facts.member.leftAt) throw new ApiError('NOT_ROOM_MEMBER');
    for (const attr of policyAttrs) {
      if (!policyAllows(facts.policies.get(attr) ?? null, facts.member, session.roles)) throw new ApiError('ROOM_POLICY_FORBIDS', attr);
    }
    const room = liveRoom(facts.room);
    if (!facts.replyFound) throw new ApiError('MESSAGE_NOT_FOUND');
    // The rotation commits even when this send is refused (null below), so the client's retry finds the new key.
    const keys = await ensureRoomKey(ctx, roomId, { rotate: true, tx, known: facts.key });
    if (namedKey !== undefined && !facts.namedKeyFound && namedKey !== keys.key.messageKeyUuid) {
      throw new ApiError('INVALID_INPUT', 'messageKeyUuid is not a key of this room'); // and the rotation rolls back
    }
    // A named key must be the current one; without a name the client used the key current before this
    // send's rotation. Ciphertext under a retired key could be read by the members it was retired against.
    const retired = namedKey !== undefined ? namedKey !== keys.key.messageKeyUuid : keys.retired !== null;
    if (retired) return null;
    const usedKey = keys.key.messageKeyUuid;
    let blob: BlobRecord | null = null;
    if (file) blob = await r.blobs.insert({ ...file, contentType: 'text/plain' });
    const stored = await storeRoomMessage(ctx, tx, room, session.accountId, {
      messageType: body.type,
      messageKeyUuid: usedKey,
      langId: body.langId ?? null,
      aesMessage: body.aesMessage ?? null,
      aesMessageFileRef: blob?.id ?? null,
      aesMessageFilename: body.aesMessageFilename ?? null,
      aesMessageFileOpenExt: ext ?? null,
      aesMessageFileType: blob ? (MIME_BY_EXT[ext ?? ''] ?? 'application/octet-stream') : null,
      filesize: file ? base64Size(body.aesMessageFile ?? '') : null,
      aesMessageFileMetadata: body.aesMessageFileMetadata ?? null,
      aesMessageUrlMetadata: body.aesMessageUrlMetadata ?? null,
      checksum: body.checksum,
      mentionAccountIds: mentionIds,
      replyToMessageId: replyToId,
      polling: poll,
      hints: body.hints ?? null,
    });
    return { ...stored, isRecrypted: false, unread: { unread: facts.unread, mentioned: facts.mentioned } };
  });
  if (!sent) throw new ApiError('ROOM_KEY_RETIRED');
  return sent;
}
