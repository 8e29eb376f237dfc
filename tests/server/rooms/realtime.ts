// A signed-in user's reply queue over STOMP (@stomp/stompjs), collecting every notification it receives.
import { Client, type IFrame } from '@stomp/stompjs';
import WebSocket from 'ws';

export interface ReceivedNotification {
  notifyType: string;
  senderId: string;
  dataId: string;
  roomId?: string;
  data?: Record<string, unknown>;
}

export interface ReplyQueue {
  received: ReceivedNotification[];
  /** Resolves with the first notification (already received or still to come) that matches. */
  next(match: (n: ReceivedNotification) => boolean, timeoutMs?: number): Promise<ReceivedNotification>;
  close(): Promise<void>;
}

export async function subscribeReplyQueue(baseUrl: string, apiKey: string, mqSysName: string, accountId: string): Promise<ReplyQueue> {
  const url = `${baseUrl.replace('http', 'ws')}/v3/ws`;
  const received: ReceivedNotification[] = [];
  const waiters: (() => void)[] = [];
  const client = new Client({
    brokerURL: url,
    webSocketFactory: () => new WebSocket(url, ['v12.stomp']),
    connectHeaders: { 'Api-Key': apiKey },
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
  const subscribed = new Promise<void>((resolve) => client.watchForReceipt('sub-ready', () => resolve()));
  client.subscribe(
    `/queue/${mqSysName}.${accountId}`,
    (message) => {
      received.push(JSON.parse(message.body) as ReceivedNotification);
      waiters.splice(0).forEach((wake) => wake());
    },
    { receipt: 'sub-ready' },
  );
  await subscribed;

  return {
    received,
    next(match, timeoutMs = 3000) {
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
