// A real @stomp/stompjs client on the server's /v3/ws endpoint, subscribed to one destination, collecting
// every JSON body it receives. Shared by the server, contract and client-core tests.
import { randomUUID } from 'node:crypto';
import { Client, type IMessage } from '@stomp/stompjs';
import WebSocket from 'ws';
import { CONNECT_PROOF_TARGET } from '../../server/crypto/device-proof.ts';
import { deviceProofHeaders } from './node-transport.ts';

export interface StompListener<T = Record<string, unknown>> {
  messages: T[];
  /** Resolves with the first body (already received or still to come) that matches. */
  next(predicate: (body: T) => boolean, timeoutMs?: number): Promise<T>;
  /** Sends a frame on the same connection (topic messages, health-check echo). */
  publish(destination: string, body: object): void;
  close(): Promise<void>;
}

/**
 * Connects with the api key and subscribes; rejects with the server's ERROR message when refused. A null api key
 * connects to the login socket (/v3/wslogin) instead.
 */
export async function listen<T = Record<string, unknown>>(
  baseUrl: string,
  apiKey: string | null,
  destination: string,
  subscribeHeaders: Record<string, string> = {},
): Promise<StompListener<T>> {
  const url = `${baseUrl.replace('http', 'ws')}${apiKey === null ? '/v3/wslogin' : '/v3/ws'}`;
  const messages: T[] = [];
  const waiters: { predicate: (body: T) => boolean; resolve: (body: T) => void }[] = [];
  const client = new Client({
    brokerURL: url,
    webSocketFactory: () => new WebSocket(url, ['v12.stomp']),
    connectHeaders: apiKey === null ? {} : { 'Api-Key': apiKey, ...deviceProofHeaders(apiKey, { ...CONNECT_PROOF_TARGET, body: '' }) },
    reconnectDelay: 0,
    heartbeatIncoming: 0,
    heartbeatOutgoing: 0,
  });
  await new Promise<void>((resolve, reject) => {
    client.onConnect = () => {
      const receiptId = `sub-${randomUUID()}`;
      client.watchForReceipt(receiptId, () => resolve());
      client.subscribe(
        destination,
        (frame: IMessage) => {
          const body = JSON.parse(frame.body) as T;
          messages.push(body);
          for (const waiter of [...waiters]) {
            if (!waiter.predicate(body)) continue;
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(body);
          }
        },
        { ...subscribeHeaders, receipt: receiptId },
      );
    };
    client.onStompError = (frame) => {
      void client.deactivate({ force: true });
      reject(new Error(frame.headers.message));
    };
    client.activate();
  });
  return {
    messages,
    next(predicate, timeoutMs = 5000) {
      const seen = messages.find(predicate);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`nothing matching arrived on ${destination}; got ${JSON.stringify(messages)}`)),
          timeoutMs,
        );
        waiters.push({ predicate, resolve: (body) => (clearTimeout(timer), resolve(body)) });
      });
    },
    publish: (target, body) => client.publish({ destination: target, body: JSON.stringify(body) }),
    close: () => client.deactivate({ force: true }),
  };
}
