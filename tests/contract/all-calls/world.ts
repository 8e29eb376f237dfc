// The one server of the all-calls contract test and what its calls need: a provider process, the seeded
// content and directory, the people who make the calls, and the ids the calls hand on to each other.
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { createApiClient } from '../../../generated/api/client.ts';
import type { Message } from '../../../generated/types/index.ts';
import { encryptAes, type AesKeyRecord } from '../../../server/crypto/aes.ts';
import { generateRsaKeyPair } from '../../../server/crypto/rsa.ts';
import { seedContentData } from '../../../server/seed/content.ts';
import { NodeTransport, signIn, type SignedInClient, type TestApi } from '../../support/node-transport.ts';
import { createTestAccount, startTestServer, TEST_PASSWORD, type TestServer } from '../../support/test-server.ts';
import { startFakeProvider, type FakeProvider } from '../../server/services/helpers.ts';

export interface Person extends SignedInClient {
  id: number;
  loginName: string;
}

/** Ids one call produces and a later one consumes. */
export type Ref =
  | 'room'
  | 'qrToken'
  | 'singleRoom'
  | 'selfRoom'
  | 'leaveRoom'
  | 'closeRoom'
  | 'deleteRoom'
  | 'exportRoom'
  | 'chatbotRoom'
  | 'text'
  | 'file'
  | 'voice'
  | 'poll'
  | 'mc'
  | 'mcKey'
  | 'toDelete'
  | 'toDeleteForMe'
  | 'token'
  | 'nexToken'
  | 'eventId'
  | 'newsId'
  | 'newsFileId'
  | 'stickerCategoryId'
  | 'albumFileId'
  | 'archiveId'
  | 'archiveKey'
  | 'conference'
  | 'external'
  | 'rejected'
  | 'cancelled'
  | 'dn'
  | 'publicKeyPem'
  | 'privateKeyPem'
  | 'cryptoText'
  | 'signature'
  | 'wipedDevice'
  | 'pollOption'
  | 'pollChecksum';

export const NEW_PASSWORD = 'Chang3d-Passw0rd!';
export const NEWER_PASSWORD = 'Chang3d-Again-Passw0rd!';
export const TENANT = { fullname: 'Northbridge General Hospital', shortName: 'NGH' };

export class World {
  private readonly refs = new Map<Ref, string>();
  /** Resources a case opened (a login page's socket) that live until the world closes. */
  private readonly closers: (() => Promise<void>)[] = [];

  closeLater(close: () => Promise<void>): void {
    this.closers.push(close);
  }
  /** The room key of `room`, used to encrypt what is sent there. */
  roomKey: AesKeyRecord | null = null;
  png: Buffer = Buffer.alloc(0);
  private preparedLogin: TestApi | null = null;

  constructor(
    readonly server: TestServer,
    readonly provider: FakeProvider,
    /** The main session: an ADMIN (and broadcast delegate with ALL through the directory seed). */
    readonly admin: Person,
    readonly alice: Person,
    readonly carol: Person,
    /** Signed in three times: the sessions that logout, remotewipe and logoutothersession end. */
    readonly bobSessions: readonly [Person, Person, Person],
    /** Changes its password through updatelocalpassword and updatepassword. */
    readonly frank: Person,
  ) {}

  get main(): TestApi {
    return this.admin.api;
  }

  set(ref: Ref, value: string | undefined): void {
    if (value === undefined || value === '') throw new Error(`no value for ${ref}`);
    this.refs.set(ref, value);
  }

  /** The id a previous call kept; fails loudly when that call did not run or did not succeed. */
  ref(ref: Ref): string {
    const value = this.refs.get(ref);
    if (value === undefined) throw new Error(`${ref} was not produced by an earlier call`);
    return value;
  }

  /** A client without a session, as the login page has. */
  anonymous(): TestApi {
    return createApiClient(new NodeTransport(this.server.url));
  }

  /**
   * Prepares a client for an encrypted login call as the login page does (user key, fresh device key)
   * and returns the device public key the login body carries; `loginApi()` is that client.
   */
  async prepareLogin(loginName: string): Promise<string> {
    const transport = new NodeTransport(this.server.url);
    const api = createApiClient(transport);
    const key = await api.getUserPubKey({ loginName });
    if (!key.ok) throw new Error(`getuserpubkey: ${JSON.stringify(key.errMsgList)}`);
    transport.session.loginName = loginName;
    transport.session.userPublicKeyPem = key.data.userPubKey;
    transport.session.device = await generateRsaKeyPair();
    this.preparedLogin = api;
    return transport.session.device.publicKeyPem;
  }

  loginApi(): TestApi {
    if (!this.preparedLogin) throw new Error('no login client prepared');
    return this.preparedLogin;
  }

  /** Encrypts text with the room key of `room` (fetched once through getaeskeybyroomid). */
  async encrypt(text: string): Promise<{ key: AesKeyRecord; cipher: string }> {
    const key = await this.key();
    return { key, cipher: encryptAes(key, new TextEncoder().encode(text)) };
  }

  async key(): Promise<AesKeyRecord> {
    if (this.roomKey) return this.roomKey;
    const fetched = await this.admin.api.getAesKeyByRoomId({ roomId: this.ref('room') });
    if (!fetched.ok) throw new Error(`getaeskeybyroomid: ${JSON.stringify(fetched.errMsgList)}`);
    this.roomKey = fetched.data.aesKey;
    return this.roomKey;
  }

  /** Sends a message to `room` as the admin (a fixture, not one of the walked calls). */
  async send(payload: { type: 'TEXT' | 'IMAGE' | 'VOICE'; text?: string; file?: { name: string; bytes: Uint8Array } }): Promise<Message> {
    const key = await this.key();
    const roomId = this.ref('room');
    const body = {
      roomId,
      messageKeyUuid: key.messageKeyUuid,
      type: payload.type,
      checksum: randomUUID(),
      ...(payload.text !== undefined ? { aesMessage: encryptAes(key, new TextEncoder().encode(payload.text)) } : {}),
      ...(payload.file ? { aesMessageFile: encryptAes(key, payload.file.bytes), aesMessageFilename: payload.file.name } : {}),
    };
    const sent = await this.admin.api.sendAesMessage(body);
    if (!sent.ok) throw new Error(`sendaesmessage fixture: ${JSON.stringify(sent.errMsgList)}`);
    return sent.data.message;
  }

  /** A group room of the admin with alice (a fixture for the calls that end a room). */
  async scratchRoom(roomName: string): Promise<string> {
    const created = await this.admin.api.createMultipleRoom({ roomName, memberIds: [this.alice.accountId] });
    if (!created.ok) throw new Error(`createmultipleroom fixture: ${JSON.stringify(created.errMsgList)}`);
    return created.data.roomId;
  }

  async close(): Promise<void> {
    for (const close of this.closers.splice(0)) await close();
    await this.server.close();
    await this.provider.stop();
  }
}

async function person(server: TestServer, loginName: string, tenantId: number, roles?: ('IM_USER' | 'ADMIN')[]): Promise<Person> {
  const account = await createTestAccount(server, { loginName, tenantId, ...(roles ? { roles } : {}) });
  const client = await signIn(server.url, loginName, TEST_PASSWORD);
  return { ...client, id: account.id, loginName };
}

async function again(server: TestServer, who: Person): Promise<Person> {
  return { ...(await signIn(server.url, who.loginName, TEST_PASSWORD)), id: who.id, loginName: who.loginName };
}

/**
 * Starts the provider process and one server in test mode pointing at it, seeds the content library,
 * creates the people (with login names of the demo organisation, so the directory seed gives them
 * distribution lists, groups and the admin's broadcast delegation) and signs them in.
 */
export async function createWorld(): Promise<World> {
  const provider = await startFakeProvider();
  let server: TestServer | undefined;
  try {
    server = await startTestServer({ PROVIDER_URL: provider.url });
    const { ctx } = server.app;
    const tenantId = (await ctx.repos.tenants.create(TENANT)).id;
    // One after another: every login of the world comes from 127.0.0.1, and the server admits a bounded share of
    // password hashes per client address at a time (docs/security.md, finding 5), answering more with 429.
    const admin = await person(server, 'admin', tenantId, ['IM_USER', 'ADMIN']);
    const alice = await person(server, 'alice', tenantId);
    const carol = await person(server, 'carol', tenantId);
    const bob = await person(server, 'bob', tenantId);
    const frank = await person(server, 'frank', tenantId);
    const seeded = await seedContentData(ctx.db, { blobs: ctx.blobs });
    if (!seeded.library || !seeded.directory) throw new Error(`content seed incomplete: ${JSON.stringify(seeded)}`);
    const bobSessions: [Person, Person, Person] = [bob, await again(server, bob), await again(server, bob)];
    const world = new World(server, provider, admin, alice, carol, bobSessions, frank);
    world.png = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#2f80c9' } }).png().toBuffer();
    return world;
  } catch (error) {
    await server?.close();
    await provider.stop();
    throw error;
  }
}
