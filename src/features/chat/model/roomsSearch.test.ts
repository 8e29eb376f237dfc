import { describe, expect, it } from 'vitest';
import { groupHits, initialQueue, mergeHits, RoomsSearchRun, type BatchResult, type ReadBatch, type RoomCursor, type SearchSnapshot } from './roomsSearch.ts';

interface Msg {
  messageId: string;
  messageCreateDate: number;
}

const message = (messageId: string, messageCreateDate: number): Msg => ({ messageId, messageCreateDate });

/**
 * A fake server: each room has `batches` batches; batch n of room r (0 = newest) holds one hit when `hit(r, n)`.
 * Records the order of reads; `hold` keeps reads pending until released.
 */
function fakeRooms(rooms: number, batches: number, hit: (room: number, batch: number) => boolean) {
  const reads: string[] = [];
  const pending: (() => void)[] = [];
  let hold = false;
  const read: ReadBatch<Msg> = async (cursor: RoomCursor, signal: AbortSignal): Promise<BatchResult<Msg>> => {
    const room = Number(cursor.roomId.slice(1));
    const batch = cursor.before === undefined ? 0 : Number(cursor.before.split('-')[1]) + 1;
    reads.push(`${cursor.roomId}#${batch}`);
    if (hold) {
      await new Promise<void>((resolve, reject) => {
        pending.push(resolve);
        signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    }
    const hits = hit(room, batch) ? [message(`${cursor.roomId}-${batch}`, 1_000_000 - batch * 1000 - room)] : [];
    return { cursor, hits, ...(batch + 1 < batches ? { next: `${cursor.roomId}-${batch}` } : {}) };
  };
  return {
    read,
    reads,
    hold: (on: boolean) => {
      hold = on;
    },
    release: () => pending.splice(0).forEach((resolve) => resolve()),
  };
}

const ids = (n: number) => Array.from({ length: n }, (_, i) => `r${i}`);

function run(rooms: number, batches: number, hit: (room: number, batch: number) => boolean, limits = { pageHits: 30, pageBatches: 40, parallel: 2 }) {
  const server = fakeRooms(rooms, batches, hit);
  const snapshots: SearchSnapshot<Msg>[] = [];
  const search = new RoomsSearchRun(ids(rooms), server.read, (snapshot) => snapshots.push(snapshot), limits);
  return { server, search, snapshots, last: () => snapshots[snapshots.length - 1] as SearchSnapshot<Msg> };
}

describe('the message search across rooms', () => {
  it('reads every room once, most recent first, before any older batch', async () => {
    const { server, search, last } = run(3, 3, () => false, { pageHits: 30, pageBatches: 100, parallel: 1 });
    await search.next();
    expect(server.reads).toEqual(['r0#0', 'r1#0', 'r2#0', 'r0#1', 'r1#1', 'r2#1', 'r0#2', 'r1#2', 'r2#2']);
    expect(last()).toMatchObject({ state: 'done', roomsRead: 3, roomsTotal: 3, hits: [] });
  });

  it('pauses after a page of hits, and goes on from there when asked', async () => {
    const { server, search, last } = run(100, 1, (room) => room % 2 === 0, { pageHits: 30, pageBatches: 1000, parallel: 2 });
    await search.next();
    // 30 hits need rooms 0..58; the second reader may have one more batch in flight.
    expect(last().state).toBe('paused');
    expect(last().hits.length).toBeGreaterThanOrEqual(30);
    expect(last().hits.length).toBeLessThanOrEqual(31);
    const readFirst = server.reads.length;
    expect(readFirst).toBeLessThanOrEqual(61);
    await search.next();
    expect(last()).toMatchObject({ state: 'done', roomsRead: 100 });
    expect(last().hits).toHaveLength(50);
    expect(new Set(server.reads).size).toBe(100);
  });

  it('pauses after its budget of batches even without a hit (thousands of rooms stay bounded)', async () => {
    const { server, search, last } = run(5000, 1, () => false, { pageHits: 30, pageBatches: 40, parallel: 2 });
    await search.next();
    expect(server.reads).toHaveLength(40);
    expect(last()).toMatchObject({ state: 'paused', roomsRead: 40, roomsTotal: 5000 });
  });

  it('stops at once: the batches in flight are aborted and read again first when the search goes on', async () => {
    const { server, search, last } = run(10, 1, () => true, { pageHits: 30, pageBatches: 40, parallel: 2 });
    server.hold(true);
    const page = search.next();
    await Promise.resolve();
    expect(server.reads).toEqual(['r0#0', 'r1#0']);
    search.stop();
    await page;
    expect(last()).toMatchObject({ state: 'stopped', hits: [], roomsRead: 0 });
    server.hold(false);
    await search.next();
    expect(server.reads.slice(2, 4).sort()).toEqual(['r0#0', 'r1#0']);
    expect(last()).toMatchObject({ state: 'done', roomsRead: 10 });
    expect(last().hits).toHaveLength(10);
  });

  it('aborts its calls and reports nothing once disposed (a new text), even when a read answers late', async () => {
    const signals: AbortSignal[] = [];
    const pending: (() => void)[] = [];
    const read: ReadBatch<Msg> = async (cursor, signal) => {
      signals.push(signal);
      await new Promise<void>((resolve) => pending.push(resolve));
      return { cursor, hits: [message(cursor.roomId, 1)] };
    };
    const snapshots: SearchSnapshot<Msg>[] = [];
    const search = new RoomsSearchRun(ids(4), read, (snapshot) => snapshots.push(snapshot), { pageHits: 30, pageBatches: 40, parallel: 2 });
    const page = search.next();
    await Promise.resolve();
    const seen = snapshots.length;
    search.dispose();
    expect(signals.map((signal) => signal.aborted)).toEqual([true, true]);
    pending.splice(0).forEach((resolve) => resolve());
    await page;
    expect(snapshots).toHaveLength(seen);
    expect(signals).toHaveLength(2);
  });

  it('skips a room that cannot be read and goes on with the others', async () => {
    const read: ReadBatch<Msg> = async (cursor) => {
      if (cursor.roomId === 'r1') throw new Error('no key');
      return { cursor, hits: [message(cursor.roomId, 1)] };
    };
    const snapshots: SearchSnapshot<Msg>[] = [];
    const search = new RoomsSearchRun(ids(3), read, (snapshot) => snapshots.push(snapshot), { pageHits: 30, pageBatches: 40, parallel: 2 });
    await search.next();
    expect(snapshots.at(-1)).toMatchObject({ state: 'done', roomsRead: 3 });
    expect(snapshots.at(-1)?.hits.map((hit) => hit.roomId).sort()).toEqual(['r0', 'r2']);
  });

  it('has nothing to do without rooms', async () => {
    const { search } = run(0, 1, () => true);
    expect(search.snapshot()).toMatchObject({ state: 'done', roomsTotal: 0 });
  });

  it('queues each room once and merges hits newest first, each message once', () => {
    expect(initialQueue(['a', 'b', 'a'])).toEqual([{ roomId: 'a' }, { roomId: 'b' }]);
    const first = mergeHits([], [{ cursor: { roomId: 'a' }, hits: [message('1', 100), message('3', 300)] }]);
    const merged = mergeHits(first, [
      { cursor: { roomId: 'b' }, hits: [message('2', 200)] },
      { cursor: { roomId: 'a', before: '1' }, hits: [message('3', 300)] },
    ]);
    expect(merged.map((hit) => `${hit.roomId}:${hit.message.messageId}`)).toEqual(['a:3', 'b:2', 'a:1']);
  });

  it('groups hits by room in the search order, newest first within a room', () => {
    const hits = mergeHits([], [
      { cursor: { roomId: 'b' }, hits: [message('5', 500)] },
      { cursor: { roomId: 'a' }, hits: [message('1', 100), message('3', 300)] },
    ]);
    const groups = groupHits(hits, ['a', 'b']);
    expect(groups.map((group) => [group.roomId, group.hits.map((hit) => hit.message.messageId)])).toEqual([
      ['a', ['3', '1']],
      ['b', ['5']],
    ]);
  });
});
