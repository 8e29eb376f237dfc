import { describe, expect, it } from 'vitest';
import type { Room } from '@generated/types/index';
import { loadedUnread, titleWithUnread, unreadText } from './unreadTotal.ts';

const room = (noOfUnreadMessage?: number): Room => ({ roomId: String(Math.random()), noOfUnreadMessage } as unknown as Room);

describe('the unread total', () => {
  it('puts the count before the tab title, none at 0, 99+ above 99', () => {
    expect(titleWithUnread('CSD Chat', 3)).toBe('(3) CSD Chat');
    expect(titleWithUnread('CSD Chat', 0)).toBe('CSD Chat');
    expect(titleWithUnread('CSD Chat', 99)).toBe('(99) CSD Chat');
    expect(titleWithUnread('CSD Chat', 100)).toBe('(99+) CSD Chat');
    expect(unreadText(1_000)).toBe('99+');
  });

  it('adds up the loaded rooms, a missing or negative count being none', () => {
    expect(loadedUnread([room(2), room(undefined), room(5), room(-1)])).toBe(7);
    expect(loadedUnread([])).toBe(0);
  });
});
