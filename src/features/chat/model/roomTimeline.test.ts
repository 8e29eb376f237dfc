import { describe, expect, it, vi } from 'vitest';
import { allMessages, type MessagePage, type MessagePages } from './messagePages.ts';
import { RoomTimeline, type TimelineStore } from './roomTimeline.ts';

type M = { messageId: string; messageType: 'TEXT'; messageUserId: string; messageCreateDate: number; text?: string; messageStatus?: 'SERVER_RECEIVED' | 'ALL_RECEIVED' | 'ALL_READ' | 'ALL_DELETED'; isStarredByYou?: boolean };
const message = (id: number, extra: Partial<M> = {}): M => ({ messageId: String(id), messageType: 'TEXT', messageUserId: '1', messageCreateDate: id * 1000, ...extra });
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => message(from + index));

/** The timeline over a plain value as its store, with the room's messages on a fake server and a manual timer. */
function setUp(held: M[], onServer: M[] = held) {
  let data: MessagePages<M> | undefined = { pages: [{ messages: held, hasOlder: false, hasNewer: false }], pageParams: [{ direction: 'UP' }] };
  let loading = false;
  const store: TimelineStore<M> = {
    read: () => data,
    patch: (change) => void (data = change(data)),
    set: (change) => void (data = change(data)),
    loading: () => loading,
  };
  const server = [...onServer];
  const fetchNewer = vi.fn(async (anchor: string | undefined): Promise<MessagePage<M>> => {
    const after = server.filter((m) => anchor === undefined || Number(m.messageId) > Number(anchor));
    return { messages: after.slice(0, 25), hasOlder: true, hasNewer: after.length > 25 };
  });
  const timers: Array<() => void> = [];
  const timeline = new RoomTimeline<M>({
    store,
    fetchNewer,
    batch: 25,
    maxPages: 8,
    setTimer: (run) => timers.push(run),
    clearTimer: () => timers.splice(0),
  });
  return {
    timeline,
    fetchNewer,
    server,
    ids: () => allMessages(data).map((m) => m.messageId),
    shown: (id: string) => allMessages(data).find((m) => m.messageId === id),
    expireHold: () => timers.splice(0).forEach((run) => run()),
    setLoading: (value: boolean) => void (loading = value),
  };
}

describe('RoomTimeline', () => {
  it('applies a pushed message that follows the newest held, with no fetch', () => {
    const room = setUp(range(1, 3));
    expect(room.timeline.push(message(4, { text: 'hello' }), '3')).toBe('applied');
    expect(room.ids()).toEqual(['1', '2', '3', '4']);
    expect(room.shown('4')?.text).toBe('hello');
    expect(room.fetchNewer).not.toHaveBeenCalled();
  });

  it('applies the same message once, whichever destination brought it first', () => {
    const room = setUp(range(1, 3));
    expect(room.timeline.push(message(4), '3')).toBe('applied');
    expect(room.timeline.push(message(4), '3')).toBe('duplicate');
    expect(room.ids()).toEqual(['1', '2', '3', '4']);
  });

  it('matches a send’s own push with the copy the send answered (one bubble, no fetch)', () => {
    const room = setUp([...range(1, 3), message(4, { messageUserId: 'me', messageStatus: 'SERVER_RECEIVED' })]);
    expect(room.timeline.push(message(4, { messageUserId: 'me' }), '3')).toBe('duplicate');
    expect(room.ids()).toEqual(['1', '2', '3', '4']);
    expect(room.fetchNewer).not.toHaveBeenCalled();
  });

  it('puts messages that overtook each other in order without a fetch', () => {
    const room = setUp(range(1, 3));
    expect(room.timeline.push(message(5), '4')).toBe('waiting');
    expect(room.ids()).toEqual(['1', '2', '3']);
    expect(room.timeline.push(message(4), '3')).toBe('applied');
    expect(room.ids()).toEqual(['1', '2', '3', '4', '5']);
    room.expireHold();
    expect(room.fetchNewer).not.toHaveBeenCalled();
  });

  it('fetches the gap when the message before a push never comes (its push was lost)', async () => {
    const room = setUp(range(1, 3), range(1, 6));
    expect(room.timeline.push(message(6), '5')).toBe('waiting');
    room.expireHold();
    await vi.waitFor(() => expect(room.ids()).toEqual(['1', '2', '3', '4', '5', '6']));
    expect(room.fetchNewer).toHaveBeenCalledTimes(1);
    expect(room.fetchNewer).toHaveBeenCalledWith('3');
  });

  it('looks again once a page load ends when a push came during it', async () => {
    const room = setUp(range(1, 3), range(1, 4));
    room.setLoading(true);
    expect(room.timeline.push(message(4), '3')).toBe('later');
    room.setLoading(false);
    room.timeline.loaded();
    await vi.waitFor(() => expect(room.ids()).toEqual(['1', '2', '3', '4']));
  });

  it('applies recalls, removals, ticks, votes and stars to held messages; a tick before its message waits for it', () => {
    const room = setUp(range(1, 3));
    room.timeline.tick('2', 'ALL_READ');
    room.timeline.tick('2', 'ALL_RECEIVED'); // late: never moves back
    expect(room.shown('2')?.messageStatus).toBe('ALL_READ');
    room.timeline.delete({ kind: 'recalled', messageIds: ['1'] }, { messageStatus: 'ALL_DELETED', text: undefined });
    expect(room.shown('1')?.messageStatus).toBe('ALL_DELETED');
    room.timeline.delete({ kind: 'removed', messageIds: ['3'] }, {});
    expect(room.ids()).toEqual(['1', '2']);
    room.timeline.update('2', { isStarredByYou: true });
    expect(room.shown('2')?.isStarredByYou).toBe(true);
    room.timeline.tick('4', 'ALL_RECEIVED');
    room.timeline.push(message(4), '2');
    expect(room.shown('4')?.messageStatus).toBe('ALL_RECEIVED');
  });
});
