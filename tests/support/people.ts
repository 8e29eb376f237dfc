// People for the server tests: accounts signed in over the wire, results unwrapped, room keys and
// ciphertext, and STOMP listeners on their own destinations.
import { replyQueue } from '../../generated/realtime/index.ts';
import { decryptAes, encryptAes, type AesKeyRecord } from '../../server/crypto/aes.ts';
import type { FunctionRoleType } from '../../server/store/repos/accounts.ts';
import { signIn, type SignedInClient } from './node-transport.ts';
import { listen as listenOn, type StompListener } from './stomp-listener.ts';
import { createTestAccount, TEST_PASSWORD, type TestServer } from './test-server.ts';

export type { StompListener };

export interface Person extends SignedInClient {
  id: number;
  loginName: string;
}

export interface PersonOptions {
  fullName?: string;
  roles?: FunctionRoleType[];
  tenantId?: number;
}

/** A new account, signed in with the seed's login flow. */
export async function person(server: TestServer, loginName: string, options: PersonOptions | string = {}): Promise<Person> {
  const extra = typeof options === 'string' ? { fullName: options } : options;
  const account = await createTestAccount(server, { loginName, ...extra });
  const client = await signIn(server.url, loginName, TEST_PASSWORD);
  return { ...client, id: account.id, loginName };
}

/** Unwraps a successful result or fails the test with the server's error list. */
export function ok<T>(result: { ok: true; data: T } | { ok: false; errMsgList: unknown }): T {
  if (!result.ok) throw new Error(`call failed: ${JSON.stringify(result.errMsgList)}`);
  return result.data;
}

export const encryptText = (key: AesKeyRecord, text: string) => encryptAes(key, new TextEncoder().encode(text));
export const decryptText = (key: AesKeyRecord, cipher: string) => new TextDecoder().decode(decryptAes(key, cipher));

export async function roomKey(who: Pick<Person, 'api'>, roomId: string): Promise<AesKeyRecord> {
  return ok(await who.api.getAesKeyByRoomId({ roomId })).aesKey;
}

/** A STOMP client with the person's api key, subscribed to one destination. */
export function listen<T = Record<string, unknown>>(server: TestServer, who: Person, destination: string): Promise<StompListener<T>> {
  return listenOn<T>(server.url, who.apiKey, destination);
}

export const replyQueueOf = (server: TestServer, who: Pick<Person, 'accountId'>) =>
  replyQueue(server.app.ctx.config.mqSysName, who.accountId);
