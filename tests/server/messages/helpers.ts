// Shared set-up of the message tests: a server, signed-in clients, rooms, ciphertext and a STOMP client.
import { randomBytes, randomUUID } from 'node:crypto';
import { createApiClient } from '../../../generated/api/client.ts';
import { decryptAes, encryptAes, type AesKeyRecord } from '../../../server/crypto/aes.ts';
import { generateRsaKeyPair } from '../../../server/crypto/rsa.ts';
import { repos, type RoomType } from '../../../server/store/repos/index.ts';
import { NodeTransport, signIn, type EncryptionProfile, type SignedInClient } from '../../support/node-transport.ts';
import { listen as listenOn, type StompListener } from '../../support/stomp-listener.ts';
import { createTestAccount, TEST_PASSWORD, type TestServer } from '../../support/test-server.ts';

export type { StompListener };

export interface Person extends SignedInClient {
  id: number;
  loginName: string;
}

/** Fetches the application profile as JSON (the shared transport posts it without a content type). */
class JsonProfileTransport extends NodeTransport {
  private cached: EncryptionProfile | null = null;

  override async loadProfile(): Promise<EncryptionProfile> {
    if (this.cached) return this.cached;
    const response = await fetch(`${this.baseUrl}/v3/chat/pub/application/getpublicapplicationprofile`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'Device-Type': 'WEB', Platform: 'WEB', 'Push-Platform': 'WS', 'Build-Version': '18' },
      body: '{}',
    });
    const body = (await response.json()) as EncryptionProfile & { status: string };
    if (body.status !== 'success') throw new Error(`profile unavailable: ${JSON.stringify(body)}`);
    this.cached = body;
    return body;
  }
}

/**
 * A new account, signed in over the wire. While the login calls are not usable on this server the
 * session is opened in the store instead, with a real device key pair, so envelopes work the same.
 */
export async function person(server: TestServer, loginName: string, fullName = loginName): Promise<Person> {
  const account = await createTestAccount(server, { loginName, fullName });
  try {
    const client = await signIn(server.url, loginName, TEST_PASSWORD);
    return { ...client, id: account.id, loginName };
  } catch {
    // fall through to a session opened in the store
  }
  const store = server.app.ctx.repos;
  const device = await generateRsaKeyPair();
  const apiKey = randomBytes(32).toString('hex');
  await store.sessions.create({
    accountId: account.id,
    apiKey,
    deviceId: randomUUID(),
    devicePubKeyPem: device.publicKeyPem,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  const transport = new JsonProfileTransport(server.url);
  const pair = await store.keys.getUserKeyPair(account.id);
  Object.assign(transport.session, { loginName, apiKey, device, userPublicKeyPem: pair?.publicKeyPem });
  return { api: createApiClient(transport), transport, accountId: String(account.id), apiKey, id: account.id, loginName };
}

const NOT_IMPLEMENTED = 'UI_IM_E1008';

/**
 * A room with these members, the first being its creator and admin: a group through createmultipleroom;
 * a single chat, a one-person room, or a server without the rooms calls yet, straight in the store.
 */
export async function makeRoom(server: TestServer, members: readonly Person[], roomType: RoomType = 'MULTIPLE', roomName = 'Project'): Promise<string> {
  const [admin, ...rest] = members;
  if (!admin) throw new Error('a room needs a member');
  if (roomType === 'MULTIPLE' && rest.length > 0) {
    const [first, ...others] = rest.map((m) => m.accountId);
    const created = await admin.api.createMultipleRoom({ roomName, memberIds: [first!, ...others] });
    if (created.ok) return created.data.roomId;
    if (created.errMsgList[0]?.errors[0]?.code !== NOT_IMPLEMENTED) throw new Error(`createmultipleroom: ${JSON.stringify(created.errMsgList)}`);
  }
  const roomId = await server.app.ctx.db.transaction(async (tx) => {
    const r = repos(tx);
    const room = await r.rooms.create({ roomType, roomName: roomType === 'SINGLE' ? null : roomName, createdBy: admin.id });
    await r.policies.applyDefaults(room.id, roomType);
    await r.members.add(room.id, [admin.id], { admin: true });
    if (rest.length > 0) await r.members.add(room.id, rest.map((m) => m.id));
    return room.id;
  });
  return String(roomId);
}

/** Adds (or with `remove`, removes) a member as the room admin would, through the rooms calls when present. */
export async function changeMember(server: TestServer, admin: Person, roomId: string, member: Person, remove = false): Promise<void> {
  const result = remove
    ? await admin.api.removeRoomMember({ roomId, accountId: member.accountId })
    : await admin.api.addRoomMembers({ roomId, accountIds: [member.accountId] });
  if (result.ok) return;
  if (result.errMsgList[0]?.errors[0]?.code !== NOT_IMPLEMENTED) throw new Error(`member change: ${JSON.stringify(result.errMsgList)}`);
  const members = server.app.ctx.repos.members;
  await (remove ? members.remove(Number(roomId), member.id) : members.add(Number(roomId), [member.id]));
}

export async function setPolicy(server: TestServer, roomId: string, attr: string, value: string): Promise<void> {
  await server.app.ctx.db.query('UPDATE room_policies SET value = $3 WHERE room_id = $1 AND attr = $2', [Number(roomId), attr, value]);
}

export const encryptText = (key: AesKeyRecord, text: string) => encryptAes(key, new TextEncoder().encode(text));
export const decryptText = (key: AesKeyRecord, cipher: string) => new TextDecoder().decode(decryptAes(key, cipher));

/** Unwraps a successful result or fails the test with the server's error list. */
export function ok<T>(result: { ok: true; data: T } | { ok: false; errMsgList: unknown }): T {
  if (!result.ok) throw new Error(`call failed: ${JSON.stringify(result.errMsgList)}`);
  return result.data;
}

export async function roomKey(who: Person, roomId: string): Promise<AesKeyRecord> {
  return ok(await who.api.getAesKeyByRoomId({ roomId })).aesKey;
}

/** Sends an encrypted TEXT message and returns its id. */
export async function sendText(who: Person, roomId: string, text: string, key?: AesKeyRecord): Promise<string> {
  const k = key ?? (await roomKey(who, roomId));
  const sent = ok(
    await who.api.sendAesMessage({ roomId, messageKeyUuid: k.messageKeyUuid, type: 'TEXT', checksum: randomUUID(), aesMessage: encryptText(k, text) }),
  );
  return sent.message.messageId;
}

/** A STOMP client with the person's api key, subscribed to one destination. */
export function listen(server: TestServer, who: Person, destination: string): Promise<StompListener> {
  return listenOn(server.url, who.apiKey, destination);
}
