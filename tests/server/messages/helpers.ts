// Shared set-up of the message tests: a server, signed-in clients, rooms, ciphertext and a STOMP client.
import { randomUUID } from 'node:crypto';
import type { AesKeyRecord } from '../../../server/crypto/aes.ts';
import { repos, type RoomType } from '../../../server/store/repos/index.ts';
import { encryptText, ok, roomKey, type Person } from '../../support/people.ts';
import type { TestServer } from '../../support/test-server.ts';

export { decryptText, encryptText, listen, ok, person, replyQueueOf, roomKey, type Person, type StompListener } from '../../support/people.ts';

/**
 * A room with these members, the first being its creator and admin, made through the rooms calls; a
 * one-person group (which createmultipleroom refuses: it needs a member) is made in the store.
 */
export async function makeRoom(server: TestServer, members: readonly Person[], roomType: RoomType = 'MULTIPLE', roomName = 'Project'): Promise<string> {
  const [admin, ...rest] = members;
  if (!admin) throw new Error('a room needs a member');
  const [first, ...others] = rest.map((m) => m.accountId);
  if (roomType === 'SINGLE' && first) return ok(await admin.api.createSingleRoom({ memberId: first })).roomId;
  if (roomType === 'MULTIPLE' && first) return ok(await admin.api.createMultipleRoom({ roomName, memberIds: [first, ...others] })).roomId;
  const roomId = await server.app.ctx.db.transaction(async (tx) => {
    const r = repos(tx);
    const room = await r.rooms.create({ roomType, roomName: roomType === 'SINGLE' ? null : roomName, createdBy: admin.id });
    await r.policies.applyDefaults(room.id, roomType);
    await r.members.add(room.id, [admin.id], { admin: true });
    return room.id;
  });
  return String(roomId);
}

/** Adds (or with `remove`, removes) a member as the room admin would. */
export async function changeMember(_server: TestServer, admin: Person, roomId: string, member: Person, remove = false): Promise<void> {
  ok(
    remove
      ? await admin.api.removeRoomMember({ roomId, accountId: member.accountId })
      : await admin.api.addRoomMembers({ roomId, accountIds: [member.accountId] }),
  );
}

export async function setPolicy(server: TestServer, roomId: string, attr: string, value: string): Promise<void> {
  await server.app.ctx.db.query('UPDATE room_policies SET value = $3 WHERE room_id = $1 AND attr = $2', [Number(roomId), attr, value]);
}

/** Sends an encrypted TEXT message and returns its id. */
export async function sendText(who: Pick<Person, 'api'>, roomId: string, text: string, key?: AesKeyRecord): Promise<string> {
  const k = key ?? (await roomKey(who, roomId));
  const sent = ok(
    await who.api.sendAesMessage({ roomId, messageKeyUuid: k.messageKeyUuid, type: 'TEXT', checksum: randomUUID(), aesMessage: encryptText(k, text) }),
  );
  return sent.message.messageId;
}

