// A signed-in user's reply queue over STOMP, collecting every notification it receives.
import { replyQueue } from '../../../generated/realtime/index.ts';
import { listen } from '../../support/stomp-listener.ts';

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
  const listener = await listen<ReceivedNotification>(baseUrl, apiKey, replyQueue(mqSysName, accountId));
  return {
    received: listener.messages,
    next: (match, timeoutMs = 3000) => listener.next(match, timeoutMs),
    close: () => listener.close(),
  };
}
