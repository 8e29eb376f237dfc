// The login socket ({host}/v3/wslogin, STOMP, no api key): one subscription to a QR token topic with the refresh
// counter in the SUBSCRIBE header `count`. Each QR code gets its own connection: the server binds a token to the
// connection that subscribed first, and closing the connection is how the page stops listening.
import { Client, type IMessage } from '@stomp/stompjs';
import { qrTokenTopic } from '@generated/realtime/index';
import type { QrTopicMessage } from '@generated/types/index';
import { config } from '@variant/config';
import { webSocketBase } from '../../../core/index.ts';

export interface QrSubscriptionHandlers {
  message(body: QrTopicMessage): void;
  /** The socket could not connect, was refused, or closed before the page stopped listening. */
  failed(): void;
}

/** Subscribes to /topic/qrtoken.{token}; returns how to stop (closes the connection). */
export type SubscribeQrToken = (token: string, count: number, handlers: QrSubscriptionHandlers) => () => void;

function parse(body: string): QrTopicMessage | null {
  try {
    const value: unknown = JSON.parse(body);
    return value && typeof value === 'object' ? (value as QrTopicMessage) : null;
  } catch {
    return null;
  }
}

export const subscribeQrToken: SubscribeQrToken = (token, count, handlers) => {
  let stopped = false;
  const fail = () => {
    if (stopped) return;
    stopped = true;
    void client.deactivate();
    handlers.failed();
  };
  const client = new Client({
    brokerURL: `${webSocketBase(config.server?.host ?? '')}/v3/wslogin`,
    reconnectDelay: 0, // a new code needs a new token anyway: the page shows the refresh icon instead
    heartbeatIncoming: 0,
    heartbeatOutgoing: 0,
  });
  client.onConnect = () => {
    client.subscribe(
      qrTokenTopic(token),
      (frame: IMessage) => {
        const body = parse(frame.body);
        if (body && !stopped) handlers.message(body);
      },
      { count: String(count) },
    );
  };
  client.onStompError = fail;
  client.onWebSocketClose = fail;
  client.activate();
  return () => {
    stopped = true;
    void client.deactivate();
  };
};
