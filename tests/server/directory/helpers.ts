// Shared set-up of the directory and content tests: signed-in people and a STOMP listener on any of
// the caller's own destinations (account topic, reply queue).
import { Client, type IFrame } from '@stomp/stompjs';
import WebSocket from 'ws';
import { signIn, type SignedInClient } from '../../support/node-transport.ts';
import { createTestAccount, TEST_PASSWORD, type TestServer } from '../../support/test-server.ts';
import type { FunctionRole } from '../../../server/store/repos/accounts.ts';

export interface Person extends SignedInClient {
  id: number;
  loginName: string;
}

export async function person(server: TestServer, loginName: string, options: { fullName?: string; roles?: FunctionRole[]; tenantId?: number } = {}): Promise<Person> {
  const account = await createTestAccount(server, { loginName, ...options });
  const client = await signIn(server.url, loginName, TEST_PASSWORD);
  return { ...client, id: account.id, loginName };
}

export interface Notice {
  notifyType: string;
  senderId: string;
  dataId: string;
  roomId?: string;
  data?: Record<string, unknown>;
}

export interface Listener {
  received: Notice[];
  /** The first notification (already received or still to come) that matches. */
  next(match: (n: Notice) => boolean, timeoutMs?: number): Promise<Notice>;
  close(): Promise<void>;
}

/** Subscribes with the person's api key; resolves once the server confirmed the subscription. */
export async function listen(server: TestServer, who: Person, destination: 'account' | 'queue'): Promise<Listener> {
  const url = `${server.url.replace('http', 'ws')}/v3/ws`;
  const received: Notice[] = [];
  const waiters: (() => void)[] = [];
  const client = new Client({
    brokerURL: url,
    webSocketFactory: () => new WebSocket(url, ['v12.stomp']),
    connectHeaders: { 'Api-Key': who.apiKey },
    reconnectDelay: 0,
    heartbeatIncoming: 0,
    heartbeatOutgoing: 0,
  });
  const connected = new Promise<void>((resolve, reject) => {
    client.onConnect = () => resolve();
    client.onStompError = (frame: IFrame) => reject(new Error(frame.headers.message));
  });
  client.activate();
  await connected;
  const path =
    destination === 'account' ? `/topic/account.${who.accountId}` : `/queue/${server.app.ctx.config.mqSysName}.${who.accountId}`;
  const subscribed = new Promise<void>((resolve) => client.watchForReceipt('ready', () => resolve()));
  client.subscribe(
    path,
    (message) => {
      received.push(JSON.parse(message.body) as Notice);
      waiters.splice(0).forEach((wake) => wake());
    },
    { receipt: 'ready' },
  );
  await subscribed;
  return {
    received,
    next(match, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching notification; got ${JSON.stringify(received)}`)), timeoutMs);
        const check = () => {
          const found = received.find(match);
          if (found) {
            clearTimeout(timer);
            resolve(found);
          } else {
            waiters.push(check);
          }
        };
        check();
      });
    },
    close: () => client.deactivate({ force: true }),
  };
}

/** Unwraps a successful result or fails the test with the server's error list. */
export function ok<T>(result: { ok: true; data: T } | { ok: false; errMsgList: unknown }): T {
  if (!result.ok) throw new Error(`call failed: ${JSON.stringify(result.errMsgList)}`);
  return result.data;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A list the contract wants non-empty (id lists are 1..200 items). */
export function nonEmpty<T>(items: readonly T[]): [T, ...T[]] {
  const [first, ...rest] = items;
  if (first === undefined) throw new Error('the list is empty');
  return [first, ...rest];
}
