// Turns the kept messages into the rows of the virtual list: date separators, the unread marker and
// messages grouped by sender and minute.
import type { Message } from '@generated/types/index';

/** The fields the list needs; decrypted messages of the core satisfy it too. */
export type ListMessage = Pick<Message, 'messageId' | 'messageType' | 'messageUserId' | 'messageCreateDate' | 'messageStatus'>;

export type ChatRow<M extends ListMessage = ListMessage> =
  | { kind: 'date'; key: string; date: number }
  | { kind: 'unread'; key: string }
  | { kind: 'message'; key: string; message: M; firstOfGroup: boolean; lastOfGroup: boolean };

function dayKey(time: number): string {
  const d = new Date(time);
  return `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;
}

function minuteKey(time: number): number {
  return Math.floor(time / 60_000);
}

function groupable(message: ListMessage): boolean {
  return message.messageType !== 'SYSTEM';
}

export function sameGroup(a: ListMessage | undefined, b: ListMessage | undefined): boolean {
  if (!a || !b || !groupable(a) || !groupable(b)) return false;
  if (a.messageUserId !== b.messageUserId) return false;
  return minuteKey(a.messageCreateDate ?? 0) === minuteKey(b.messageCreateDate ?? 0);
}

export function buildRows<M extends ListMessage>(messages: readonly M[], firstUnreadMessageId?: string | null): ChatRow<M>[] {
  const rows: ChatRow<M>[] = [];
  let previousDay = '';
  messages.forEach((message, index) => {
    const created = message.messageCreateDate ?? 0;
    const day = dayKey(created);
    const previous = messages[index - 1];
    const next = messages[index + 1];
    const newDay = day !== previousDay;
    if (newDay) {
      rows.push({ kind: 'date', key: `date-${day}`, date: created });
      previousDay = day;
    }
    const unreadHere = firstUnreadMessageId !== undefined && firstUnreadMessageId !== null && message.messageId === firstUnreadMessageId;
    if (unreadHere) rows.push({ kind: 'unread', key: 'unread-marker' });
    const nextDay = next ? dayKey(next.messageCreateDate ?? 0) : null;
    const nextIsUnread = next !== undefined && next.messageId === firstUnreadMessageId;
    rows.push({
      kind: 'message',
      key: message.messageId,
      message,
      firstOfGroup: newDay || unreadHere || !sameGroup(previous, message),
      lastOfGroup: !next || nextDay !== day || nextIsUnread || !sameGroup(message, next),
    });
  });
  return rows;
}
