// Rooms and file messages for the private album tests: through the rooms and messages calls when the
// server has them, otherwise straight in the store (same rows the messages calls write).
import { randomUUID } from 'node:crypto';
import { encryptAes, newAesKeyRecord, type AesKeyRecord } from '../../../server/crypto/aes.ts';
import { saveBlob } from '../../../server/store/blobs.ts';
import { repos } from '../../../server/store/repos/index.ts';
import type { TestServer } from '../../support/test-server.ts';
import { nonEmpty, type Person } from '../directory/helpers.ts';

const NOT_IMPLEMENTED = 'UI_IM_E1008';
const notImplemented = (result: { ok: boolean; errMsgList?: { errors: { code: string }[] }[] }) =>
  !result.ok && result.errMsgList?.[0]?.errors[0]?.code === NOT_IMPLEMENTED;

/** A group with the admin and the members. */
export async function groupRoom(server: TestServer, admin: Person, members: readonly Person[]): Promise<string> {
  const created = await admin.api.createMultipleRoom({ roomName: 'Ward 5A', memberIds: nonEmpty(members.map((m) => m.accountId)) });
  if (created.ok) return created.data.roomId;
  if (!notImplemented(created)) throw new Error(`createmultipleroom: ${JSON.stringify(created.errMsgList)}`);
  const roomId = await server.app.ctx.db.transaction(async (tx) => {
    const r = repos(tx);
    const room = await r.rooms.create({ roomType: 'MULTIPLE', roomName: 'Ward 5A', createdBy: admin.id });
    await r.policies.applyDefaults(room.id, 'MULTIPLE');
    await r.members.add(room.id, [admin.id], { admin: true });
    await r.members.add(room.id, members.map((m) => m.id));
    return room.id;
  });
  return String(roomId);
}

async function roomKey(server: TestServer, who: Person, roomId: string): Promise<AesKeyRecord> {
  const fetched = await who.api.getAesKeyByRoomId({ roomId });
  if (fetched.ok) return fetched.data.aesKey;
  const keys = server.app.ctx.repos.keys;
  return (await keys.currentRoomKey(Number(roomId))) ?? keys.setRoomKey(Number(roomId), newAesKeyRecord('GCM'));
}

const MIME: Record<string, string> = { png: 'image/png', pdf: 'application/pdf', txt: 'text/plain' };

/** Sends a message with an encrypted attachment (IMAGE for .png, FILE otherwise); returns its id. */
export async function sendFile(server: TestServer, who: Person, roomId: string, filename: string, bytes: Uint8Array): Promise<string> {
  const key = await roomKey(server, who, roomId);
  const type = filename.endsWith('.png') ? 'IMAGE' : 'FILE';
  const aesMessageFile = encryptAes(key, bytes);
  const sent = await who.api.sendAesMessage({ roomId, messageKeyUuid: key.messageKeyUuid, type, checksum: randomUUID(), aesMessageFile, aesMessageFilename: filename });
  if (sent.ok) return sent.data.message.messageId;
  if (!notImplemented(sent)) throw new Error(`sendaesmessage: ${JSON.stringify(sent.errMsgList)}`);
  const { ctx } = server.app;
  const id = await ctx.db.transaction(async (tx) => {
    const blob = await saveBlob(ctx.blobs, tx, Buffer.from(aesMessageFile), { contentType: 'text/plain', maxBytes: ctx.config.attachSizeBytes });
    const message = await repos(tx).messages.insert({
      roomId: Number(roomId),
      senderId: who.id,
      messageType: type,
      messageKeyUuid: key.messageKeyUuid,
      aesMessageFileRef: blob.id,
      aesMessageFilename: filename,
      aesMessageFileType: MIME[filename.split('.').pop() ?? ''] ?? 'application/octet-stream',
      checksum: randomUUID(),
    });
    return message.id;
  });
  return String(id);
}

/** A TEXT message (no attachment); returns its id. */
export async function sendText(server: TestServer, who: Person, roomId: string, text: string): Promise<string> {
  const key = await roomKey(server, who, roomId);
  const aesMessage = encryptAes(key, new TextEncoder().encode(text));
  const sent = await who.api.sendAesMessage({ roomId, messageKeyUuid: key.messageKeyUuid, type: 'TEXT', checksum: randomUUID(), aesMessage });
  if (sent.ok) return sent.data.message.messageId;
  if (!notImplemented(sent)) throw new Error(`sendaesmessage: ${JSON.stringify(sent.errMsgList)}`);
  const message = await server.app.ctx.repos.messages.insert({
    roomId: Number(roomId),
    senderId: who.id,
    messageType: 'TEXT',
    messageKeyUuid: key.messageKeyUuid,
    aesMessage,
  });
  return String(message.id);
}
