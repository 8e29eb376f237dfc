import { describe, expect, it } from 'vitest';
import {
  allMessages,
  appendNewest,
  atLiveEnd,
  newerPageParam,
  olderPageParam,
  pageFromAnswer,
  pagesAround,
  removeFromPages,
  tickInPages,
  updateInPages,
  type MessagePages,
} from './messagePages.ts';

type M = { messageId: string; messageType: 'TEXT'; messageUserId: string; messageCreateDate: number; text?: string; messageStatus?: 'SERVER_RECEIVED' | 'ALL_RECEIVED' | 'ALL_READ' | 'ALL_DELETED' };
const message = (id: number): M => ({ messageId: String(id), messageType: 'TEXT', messageUserId: '1', messageCreateDate: id * 1000 });
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => message(from + index));

describe('message pages', () => {
  it('reads the direction of each answer: the newest page, older pages, newer pages', () => {
    const newest = pageFromAnswer({ direction: 'UP' }, range(976, 1000).reverse(), true, '990');
    expect(newest).toMatchObject({ hasOlder: true, hasNewer: false, firstUnreadMessageId: '990' });
    expect(newest.messages[0]?.messageId).toBe('976'); // oldest first whatever the server's order
    expect(olderPageParam(newest)).toEqual({ direction: 'UP', lastMessageId: '976' });
    expect(newerPageParam(newest)).toBeUndefined();

    const older = pageFromAnswer({ direction: 'UP', lastMessageId: '26' }, range(1, 25), false);
    expect(older).toMatchObject({ hasOlder: false, hasNewer: true });
    expect(olderPageParam(older)).toBeUndefined(); // the first message of the room
    expect(newerPageParam(older)).toEqual({ direction: 'DOWN', lastMessageId: '25' });

    const newer = pageFromAnswer({ direction: 'DOWN', lastMessageId: '25' }, range(26, 50), true);
    expect(newer).toMatchObject({ hasOlder: true, hasNewer: true });
  });

  it('appends live messages to the newest page, splits it by the batch and drops old pages beyond the maximum', () => {
    const data: MessagePages<M> = {
      pages: [
        { messages: range(1, 25), hasOlder: true, hasNewer: true },
        { messages: range(26, 40), hasOlder: true, hasNewer: false },
      ],
      pageParams: [{ direction: 'UP', lastMessageId: '26' }, { direction: 'UP' }],
    };
    const grown = appendNewest(data, range(41, 60), 25, 2);
    expect(grown.pages.map((page) => page.messages.length)).toEqual([25, 10]);
    expect(grown.pages[0]?.messages[0]?.messageId).toBe('26');
    expect(grown.pages[0]?.hasOlder).toBe(true);
    expect(grown.pageParams).toEqual([{ direction: 'UP' }, { direction: 'DOWN', lastMessageId: '50' }]);
    expect(allMessages(grown).map((m) => m.messageId)).toEqual(range(26, 60).map((m) => m.messageId));
    expect(atLiveEnd(grown)).toBe(true);
  });

  it('updates a known message in place instead of adding it twice', () => {
    const data: MessagePages<M> = { pages: [{ messages: range(1, 3), hasOlder: false, hasNewer: false }], pageParams: [{ direction: 'UP' }] };
    const again = appendNewest(data, [{ ...message(2), text: 'edited' }], 25, 8);
    expect(allMessages(again)).toHaveLength(3);
    expect(allMessages(again)[1]?.text).toBe('edited');
    expect(allMessages(updateInPages(again, '3', { text: 'starred' }))[2]?.text).toBe('starred');
    expect(allMessages(removeFromPages(again, ['1'])).map((m) => m.messageId)).toEqual(['2', '3']);
  });

  it('a tick made again on pages fetched since moves a status forward only, never over a deletion', () => {
    const statuses = (data: MessagePages<M> | undefined) => allMessages(data).map((m) => m.messageStatus);
    const data: MessagePages<M> = {
      pages: [{ messages: [{ ...message(1), messageStatus: 'SERVER_RECEIVED' }, { ...message(2), messageStatus: 'ALL_READ' }, { ...message(3), messageStatus: 'ALL_DELETED' }], hasOlder: false, hasNewer: false }],
      pageParams: [{ direction: 'UP' }],
    };
    expect(statuses(tickInPages(tickInPages(tickInPages(data, '1', 'ALL_RECEIVED'), '2', 'ALL_RECEIVED'), '3', 'ALL_READ'))).toEqual(['ALL_RECEIVED', 'ALL_READ', 'ALL_DELETED']);
    expect(tickInPages(data, '9', 'ALL_READ')).toBe(data);
  });

  it('builds the window around a message: older pages above it and newer ones below load by scrolling, the live end is not held', () => {
    const afterParam = { direction: 'DOWN' as const, lastMessageId: '500' };
    const after = pageFromAnswer(afterParam, range(501, 525), true);
    const upToParam = { direction: 'UP' as const, lastMessageId: '501' };
    const upTo = pageFromAnswer(upToParam, range(476, 500).reverse(), true);
    const window = pagesAround(upTo, upToParam, after, afterParam);
    expect(allMessages(window).map((m) => m.messageId)).toEqual(range(476, 525).map((m) => m.messageId));
    expect(olderPageParam(window.pages[0]!)).toEqual({ direction: 'UP', lastMessageId: '476' });
    expect(newerPageParam(window.pages[1]!)).toEqual({ direction: 'DOWN', lastMessageId: '525' });
    expect(atLiveEnd(window)).toBe(false);
  });

  it('a message among the newest gives the newest page alone, at the live end', () => {
    const newest = pageFromAnswer({ direction: 'UP' }, range(976, 1000).reverse(), true);
    const window = pagesAround(newest, { direction: 'UP' }, pageFromAnswer({ direction: 'DOWN', lastMessageId: '990' }, [], false), { direction: 'DOWN', lastMessageId: '990' });
    expect(window.pages).toHaveLength(1);
    expect(atLiveEnd(window)).toBe(true);
  });

  it('keeps a delivery tick that came while an older copy of the message was on its way', () => {
    const delivered: MessagePages<M> = {
      pages: [{ messages: [{ ...message(1), messageStatus: 'ALL_RECEIVED' }], hasOlder: false, hasNewer: false }],
      pageParams: [{ direction: 'UP' }],
    };
    const stale = appendNewest(delivered, [{ ...message(1), messageStatus: 'SERVER_RECEIVED', text: 'answer' }], 25, 8);
    expect(allMessages(stale)[0]).toMatchObject({ messageStatus: 'ALL_RECEIVED', text: 'answer' });
    expect(allMessages(appendNewest(stale, [{ ...message(1), messageStatus: 'ALL_READ' }], 25, 8))[0]?.messageStatus).toBe('ALL_READ');
    expect(allMessages(appendNewest(stale, [{ ...message(1), messageStatus: 'ALL_DELETED' }], 25, 8))[0]?.messageStatus).toBe('ALL_DELETED');
  });
});
