/**
 * getroomlist pages by number (pageNo, pageSize: the seed's wire contract), but the store pages by keyset
 * (pinned, lastUpdateTime, roomId): the last row of page N is remembered, and page N+1 asked by the same
 * account with the same size continues after it, so a deep page costs what the first one does and a room
 * moving up between two pages is neither repeated nor skipped. Without a remembered row (first request,
 * another server process, expiry) the page is found by offset. Bounded: entries expire after a few minutes,
 * and the oldest go first past the limit.
 */
import type { RoomListCursor } from '../../store/repos/rooms.ts';

const TTL_MS = 5 * 60_000;
const MAX_ENTRIES = 20_000;

interface Entry {
  cursor: RoomListCursor;
  at: number;
}

export class RoomPageCursors {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The last row of page `pageNo - 1`, if this process served it recently. */
  before(accountId: number, pageSize: number, pageNo: number): RoomListCursor | undefined {
    const key = keyOf(accountId, pageSize, pageNo - 1);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.at > TTL_MS) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.cursor;
  }

  remember(accountId: number, pageSize: number, pageNo: number, cursor: RoomListCursor | null): void {
    const key = keyOf(accountId, pageSize, pageNo);
    this.entries.delete(key);
    if (!cursor) return;
    this.entries.set(key, { cursor, at: this.now() });
    // A Map iterates in insertion order: the first key is the oldest.
    while (this.entries.size > MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}

const keyOf = (accountId: number, pageSize: number, pageNo: number) => `${accountId}:${pageSize}:${pageNo}`;
