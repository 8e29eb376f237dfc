// Parses what arrives on the socket: notifications {notifyType, senderId, dataId, roomId?, data?} and room
// topic messages {roomId, accountName, type}. Anything else is ignored, never thrown.
import type { NotifyType, TopicType } from '@generated/realtime/index';

/** Where a notification arrived: the same NEW_MESSAGE reaches the reply queue and an open room's topic. */
export type NotificationSource = 'replyQueue' | 'account' | 'room';

export interface RealtimeNotification {
  notifyType: NotifyType;
  senderId: string;
  dataId: string;
  roomId?: string;
  data?: Record<string, unknown>;
  /** The server marks pushes to a user in Do Not Disturb silent. */
  silent?: boolean;
  source?: NotificationSource;
}

export interface RealtimeTopicMessage {
  roomId: string;
  accountName: string;
  type: TopicType;
}

export type ParsedFrameBody =
  | { kind: 'notification'; notification: RealtimeNotification }
  | { kind: 'topic'; topic: RealtimeTopicMessage }
  | null;

const idOf = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;

export function parseFrameBody(body: string): ParsedFrameBody {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  if (typeof record.notifyType === 'string') {
    const notification: RealtimeNotification = {
      // Unknown types pass through: a newer server may add some, and listeners switch on the known ones.
      notifyType: record.notifyType as NotifyType,
      senderId: idOf(record.senderId) ?? '',
      dataId: idOf(record.dataId) ?? '',
    };
    const roomId = idOf(record.roomId);
    if (roomId !== undefined) notification.roomId = roomId;
    if (typeof record.data === 'object' && record.data !== null && !Array.isArray(record.data)) {
      notification.data = record.data as Record<string, unknown>;
    }
    if (record.silent === true) notification.silent = true;
    return { kind: 'notification', notification };
  }
  const roomId = idOf(record.roomId);
  if (roomId !== undefined && typeof record.accountName === 'string' && typeof record.type === 'string') {
    return { kind: 'topic', topic: { roomId, accountName: record.accountName, type: record.type as TopicType } };
  }
  return null;
}
