import { describe, expect, it, vi } from 'vitest';
import type { Room } from '@generated/types/index';
import type { DecryptedMessage } from '../../../core/messages/crypto.ts';
import { RoomListModel, type RoomSummary } from './roomListModel.ts';
import { allRooms, findRoom, previewOf, type RoomPages } from '../../../domain/roomPages.ts';

const room = (roomId: string, lastUpdateTime: number, unread = 0): Room => ({ roomId, roomName: `Room ${roomId}`, roomType: 'SINGLE', lastUpdateTime, noOfUnreadMessage: unread, noOfMentionedMessage: 0 });
const message = (roomId: string, id: number, from = 'other', extra: Partial<DecryptedMessage> = {}) =>
  ({ roomId, messageId: String(id), messageType: 'TEXT', messageUserId: from, messageCreateDate: id * 1000, text: `text ${id}`, ...extra }) as DecryptedMessage;

/** The model over plain values as its store, with a fake server for the fallback. */
function setUp(rooms: Room[], previews: Record<string, DecryptedMessage> = {}, total: number | undefined = 0) {
  let data: RoomPages | undefined = { pages: [{ rooms, previews, stillHaveData: false }], pageParams: [1] };
  let unreadTotal = total;
  const reload = vi.fn();
  const fetchSummary = vi.fn(async (_roomId: string, withCounts: boolean): Promise<RoomSummary> => ({ preview: undefined, ...(withCounts ? { counts: { unread: 0, mentioned: 0 } } : {}) }));
  const model = new RoomListModel({
    store: {
      read: () => data,
      patch: (change) => void (data = change(data)),
      readTotal: () => unreadTotal,
      writeTotal: (value) => void (unreadTotal = value),
    },
    myAccountId: 'me',
    reload,
    fetchSummary,
  });
  return {
    model,
    reload,
    fetchSummary,
    order: () => allRooms(data).map((r) => r.roomId),
    row: (roomId: string) => findRoom(data, roomId),
    preview: (roomId: string) => previewOf(data, roomId),
    total: () => unreadTotal,
    replace: (next: RoomPages) => void (data = next),
  };
}

describe('RoomListModel', () => {
  it('moves the room up, shows the message as its preview and counts it, from the push alone', () => {
    const list = setUp([room('a', 9), room('b', 5)], {}, 3);
    expect(list.model.newMessage({ roomId: 'b', senderId: 'other', mentionsMe: true, message: message('b', 10) })).toBe('applied');
    expect(list.order()).toEqual(['b', 'a']);
    expect(list.row('b')).toMatchObject({ noOfUnreadMessage: 1, noOfMentionedMessage: 1, lastUpdateTime: 10_000 });
    expect(list.preview('b')?.text).toBe('text 10');
    expect(list.total()).toBe(4);
    expect(list.fetchSummary).not.toHaveBeenCalled();
    expect(list.reload).not.toHaveBeenCalled();
  });

  it('handles a message once, whichever destination brought it', () => {
    const list = setUp([room('a', 9)], {}, 0);
    list.model.newMessage({ roomId: 'a', senderId: 'other', mentionsMe: false, message: message('a', 10) });
    expect(list.model.newMessage({ roomId: 'a', senderId: 'other', mentionsMe: false, message: message('a', 10) })).toBe('duplicate');
    expect(list.row('a')?.noOfUnreadMessage).toBe(1);
    expect(list.total()).toBe(1);
  });

  it('recognises my own message: preview as mine, nothing counted, no call (another tab or device sent it)', () => {
    const list = setUp([room('a', 9), room('b', 5)], {}, 2);
    expect(list.model.newMessage({ roomId: 'b', senderId: 'me', mentionsMe: false, message: message('b', 10, 'me') })).toBe('applied');
    expect(list.order()).toEqual(['b', 'a']);
    expect(list.preview('b')).toMatchObject({ isSendFromYou: true, text: 'text 10' });
    expect(list.row('b')?.noOfUnreadMessage).toBe(0);
    expect(list.total()).toBe(2);
    expect(list.fetchSummary).not.toHaveBeenCalled();
  });

  it('does not count the room open here, nor a system line', () => {
    const list = setUp([room('a', 9), room('b', 5)], {}, 0);
    list.model.setOpenRoom('a');
    list.model.newMessage({ roomId: 'a', senderId: 'other', mentionsMe: false, message: message('a', 10) });
    list.model.newMessage({ roomId: 'b', senderId: 'SYSTEM', mentionsMe: false, message: message('b', 11, 'SYSTEM', { messageType: 'SYSTEM' }) });
    expect(list.row('a')?.noOfUnreadMessage).toBe(0);
    expect(list.row('b')?.noOfUnreadMessage).toBe(0);
    expect(list.total()).toBe(0);
  });

  it('reloads the pages for a room it has not loaded, and waits for a first load', () => {
    const list = setUp([room('a', 9)]);
    expect(list.model.newMessage({ roomId: 'zz', senderId: 'other', mentionsMe: false, message: message('zz', 10) })).toBe('reload');
    expect(list.reload).toHaveBeenCalledTimes(1);
  });

  it('takes the counts a read left in any session of the account (ROOM_READ)', () => {
    const list = setUp([room('a', 9, 4), room('b', 5, 2)], {}, 6);
    list.model.roomRead('a', { unread: 0, mentioned: 0 }, 2);
    expect(list.row('a')).toMatchObject({ noOfUnreadMessage: 0, noOfMentionedMessage: 0 });
    expect(list.total()).toBe(2);
    expect(list.fetchSummary).not.toHaveBeenCalled();
  });

  it('a load that read the room after the message does not count it twice (the change is repeatable)', () => {
    const list = setUp([room('a', 9)], {}, 0);
    list.model.newMessage({ roomId: 'a', senderId: 'other', mentionsMe: false, message: message('a', 10) });
    // The server's page, read after the message: the preview is that message and the count holds it.
    list.replace({ pages: [{ rooms: [room('a', 10_000, 1)], previews: { a: message('a', 10) }, stillHaveData: false }], pageParams: [1] });
    expect(list.model.newMessage({ roomId: 'a', senderId: 'other', mentionsMe: false, message: message('a', 10) })).toBe('duplicate');
    expect(list.row('a')?.noOfUnreadMessage).toBe(1);
  });

  it('a recall rewords the preview and takes back what it counted, without a call', () => {
    const list = setUp([room('a', 9)], {}, 0);
    list.model.newMessage({ roomId: 'a', senderId: 'other', mentionsMe: true, message: message('a', 10) });
    list.model.removed({ roomId: 'a', kind: 'recalled', messageIds: ['10'], byMe: false });
    expect(list.preview('a')).toMatchObject({ messageId: '10', messageStatus: 'ALL_DELETED' });
    expect(list.preview('a')?.text).toBeUndefined();
    expect(list.row('a')).toMatchObject({ noOfUnreadMessage: 0, noOfMentionedMessage: 0 });
    expect(list.total()).toBe(0);
    expect(list.fetchSummary).not.toHaveBeenCalled();
  });

  it('asks the server when a recall may concern an unread message it did not count, and moves the total by the difference', async () => {
    const list = setUp([room('a', 9, 3)], { a: message('a', 8) }, 5);
    list.fetchSummary.mockResolvedValueOnce({ preview: message('a', 8), counts: { unread: 2, mentioned: 0 } });
    list.model.removed({ roomId: 'a', kind: 'recalled', messageIds: ['7'], byMe: false });
    await vi.waitFor(() => expect(list.row('a')?.noOfUnreadMessage).toBe(2));
    expect(list.fetchSummary).toHaveBeenCalledWith('a', true);
    expect(list.total()).toBe(4);
  });

  it('a self-destructed preview is read again from the server (the message before it is not held)', async () => {
    const list = setUp([room('a', 9)], { a: message('a', 8) }, 0);
    list.fetchSummary.mockResolvedValueOnce({ preview: message('a', 7) });
    list.model.removed({ roomId: 'a', kind: 'removed', messageIds: ['8'], byMe: false });
    await vi.waitFor(() => expect(list.preview('a')?.messageId).toBe('7'));
    expect(list.fetchSummary).toHaveBeenCalledWith('a', false);
  });

  it('my own recall of an older message changes nothing and asks nothing', () => {
    const list = setUp([room('a', 9)], { a: message('a', 8) }, 0);
    list.model.removed({ roomId: 'a', kind: 'recalled', messageIds: ['5'], byMe: true });
    expect(list.preview('a')?.messageId).toBe('8');
    expect(list.fetchSummary).not.toHaveBeenCalled();
  });
});
