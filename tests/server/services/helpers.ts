// Shared set-up of the services tests: signed-in people, rooms, ciphertext, a STOMP listener, and the
// fake provider as a child process.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Client, type IMessage } from '@stomp/stompjs';
import WebSocket from 'ws';
import { decryptAes, encryptAes, type AesKeyRecord } from '../../../server/crypto/aes.ts';
import { signIn, type SignedInClient } from '../../support/node-transport.ts';
import { createTestAccount, TEST_PASSWORD, type TestServer } from '../../support/test-server.ts';

export interface Person extends SignedInClient {
  id: number;
  loginName: string;
}

export async function person(server: TestServer, loginName: string, fullName = loginName): Promise<Person> {
  const account = await createTestAccount(server, { loginName, fullName });
  const client = await signIn(server.url, loginName, TEST_PASSWORD);
  return { ...client, id: account.id, loginName };
}

/** Unwraps a successful result or fails the test with the server's error list. */
export function ok<T>(result: { ok: true; data: T } | { ok: false; errMsgList: unknown }): T {
  if (!result.ok) throw new Error(`call failed: ${JSON.stringify(result.errMsgList)}`);
  return result.data;
}

/** A group room made by the first person through createmultipleroom. */
export async function groupRoom(admin: Person, others: readonly [Person, ...Person[]], roomName = 'Ward 7'): Promise<string> {
  const [first, ...rest] = others;
  return ok(await admin.api.createMultipleRoom({ roomName, memberIds: [first.accountId, ...rest.map((p) => p.accountId)] })).roomId;
}

export const encryptText = (key: AesKeyRecord, text: string) => encryptAes(key, new TextEncoder().encode(text));
export const decryptText = (key: AesKeyRecord, cipher: string) => new TextDecoder().decode(decryptAes(key, cipher));

export async function roomKey(who: Person, roomId: string): Promise<AesKeyRecord> {
  return ok(await who.api.getAesKeyByRoomId({ roomId })).aesKey;
}

export async function keyByUuid(who: Person, uuid: string): Promise<AesKeyRecord> {
  const [key] = ok(await who.api.getAesKeyByMessageKeyUuids({ messageKeyUuids: [uuid] })).aesKeys;
  if (!key) throw new Error(`no key ${uuid}`);
  return key;
}

export interface Listener {
  messages: Record<string, unknown>[];
  next(predicate: (body: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

/** A @stomp/stompjs client with the person's api key, subscribed to one destination (receipt awaited). */
export async function listen(server: TestServer, who: Person, destination: string): Promise<Listener> {
  const url = `${server.url.replace('http', 'ws')}/v3/ws`;
  const messages: Record<string, unknown>[] = [];
  const waiters: { predicate: (body: Record<string, unknown>) => boolean; resolve: (body: Record<string, unknown>) => void }[] = [];
  const client = new Client({
    brokerURL: url,
    webSocketFactory: () => new WebSocket(url, ['v12.stomp']),
    connectHeaders: { 'Api-Key': who.apiKey },
    reconnectDelay: 0,
    heartbeatIncoming: 0,
    heartbeatOutgoing: 0,
  });
  await new Promise<void>((resolve, reject) => {
    client.onConnect = () => {
      const receipt = `sub-${randomUUID()}`;
      client.watchForReceipt(receipt, () => resolve());
      client.subscribe(
        destination,
        (frame: IMessage) => {
          const body = JSON.parse(frame.body) as Record<string, unknown>;
          messages.push(body);
          for (const waiter of [...waiters]) {
            if (!waiter.predicate(body)) continue;
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(body);
          }
        },
        { receipt },
      );
    };
    client.onStompError = (frame) => reject(new Error(frame.headers.message));
    client.activate();
  });
  return {
    messages,
    next(predicate, timeoutMs = 5000) {
      const seen = messages.find(predicate);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`nothing matching arrived on ${destination}: ${JSON.stringify(messages)}`)), timeoutMs);
        waiters.push({ predicate, resolve: (body) => (clearTimeout(timer), resolve(body)) });
      });
    },
    close: () => client.deactivate({ force: true }),
  };
}

export const replyQueueOf = (server: TestServer, who: Person) => `/queue/${server.app.ctx.config.mqSysName}.${who.accountId}`;

export interface FakeProvider {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts tests/server/services/fake-provider.ts as a child process and waits for its address. */
export async function startFakeProvider(): Promise<FakeProvider> {
  const script = path.join(import.meta.dirname, 'fake-provider.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: path.resolve(import.meta.dirname, '../../..'), stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the fake provider did not start')), 20_000);
    child.once('exit', (code) => reject(new Error(`the fake provider exited with ${code}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /^LISTENING (\S+)$/.exec(line);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
  });
  return {
    url,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
