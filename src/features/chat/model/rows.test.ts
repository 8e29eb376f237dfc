import { describe, expect, it } from 'vitest';
import type { Message } from '@generated/types/index';
import { buildRows } from './rows.ts';

const base = new Date(2026, 10, 20, 9, 0, 0).getTime();

function msg(id: string, user: string, offsetSeconds: number, type: Message['messageType'] = 'TEXT'): Message {
  return { messageId: id, roomId: 'r', messageType: type, messageUserId: user, messageCreateDate: base + offsetSeconds * 1000 };
}

describe('chat rows', () => {
  it('groups by sender and minute, separates days and marks the first unread', () => {
    const messages = [
      msg('1', 'a', 0),
      msg('2', 'a', 30),
      msg('3', 'a', 70),
      msg('4', 'b', 75),
      msg('5', 'system', 80, 'SYSTEM'),
      msg('6', 'b', 24 * 3600),
    ];
    const rows = buildRows(messages, '4');
    expect(rows.map((row) => (row.kind === 'message' ? `${row.key}:${row.firstOfGroup ? 'F' : '-'}${row.lastOfGroup ? 'L' : '-'}` : row.kind))).toEqual([
      'date',
      '1:F-',
      '2:-L',
      '3:FL',
      'unread',
      '4:FL',
      '5:FL',
      'date',
      '6:FL',
    ]);
  });
});
