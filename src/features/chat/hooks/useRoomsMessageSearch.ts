// Runs the room list's message search across rooms (model/roomsSearch.ts): a first step as soon as the text
// settles, more on demand. A new text or leaving the search cancels the running step; its batches are dropped.
import { useCallback, useEffect, useRef, useState } from 'react';
import { searchPage } from '../api/lists.ts';
import type { ChatMessage } from '../api/data.ts';
import { initialQueue, mergeHits, requeue, takeStep, type BatchResult, type Hit, type RoomCursor } from '../model/roomsSearch.ts';

export interface RoomsMessageSearch {
  hits: Hit<ChatMessage>[];
  /** A step is reading. */
  busy: boolean;
  /** Rooms (or older batches) are left to read. */
  hasMore: boolean;
  more: () => void;
}

async function readBatch(cursor: RoomCursor, text: string): Promise<BatchResult<ChatMessage>> {
  try {
    const page = await searchPage(cursor.roomId, text, cursor.before, 1);
    return { cursor, hits: page.messages, ...(page.next ? { next: page.next } : {}) };
  } catch {
    // A room that cannot be read now (left meanwhile, no key) is skipped; the others go on.
    return { cursor, hits: [] };
  }
}

export function useRoomsMessageSearch(text: string, roomIds: readonly string[]): RoomsMessageSearch {
  const [hits, setHits] = useState<Hit<ChatMessage>[]>([]);
  const [busy, setBusy] = useState(false);
  const [hasMore, setHasMore] = useState(false);
  const queue = useRef<RoomCursor[]>([]);
  const run = useRef(0);
  const hasRooms = roomIds.length > 0;
  const rooms = useRef(roomIds);
  rooms.current = roomIds;

  const step = useCallback(async (id: number) => {
    const { step: cursors, rest } = takeStep(queue.current);
    if (cursors.length === 0) return;
    setBusy(true);
    // The rooms of a step are read one after another: a search must not crowd out the chat's own calls.
    const results: BatchResult<ChatMessage>[] = [];
    for (const cursor of cursors) {
      const result = await readBatch(cursor, text);
      if (run.current !== id) return;
      results.push(result);
      setHits((existing) => mergeHits(existing, [result]));
    }
    queue.current = requeue(rest, results);
    setHasMore(queue.current.length > 0);
    setBusy(false);
  }, [text]);

  useEffect(() => {
    const id = ++run.current;
    setHits([]);
    setHasMore(false);
    setBusy(false);
    if (text.trim() === '') return;
    queue.current = initialQueue(rooms.current);
    void step(id);
    return () => {
      run.current += 1;
    };
    // The room list's order changing under a running search does not restart it; new rooms count next time.
  }, [text, step, hasRooms]);

  const more = useCallback(() => void step(run.current), [step]);
  return { hits, busy, hasMore, more };
}
