// Runs the room list's message search across rooms (model/roomsSearch.ts) for the settled text: the first page as
// soon as the room list is known, more on demand. A new text or leaving the search disposes of the run, aborting
// the batches in flight; stop aborts them and keeps what was found.
import { useCallback, useEffect, useRef, useState } from 'react';
import { constants } from '@variant/constants';
import { searchPage } from '../api/lists.ts';
import type { ChatMessage } from '../api/data.ts';
import { DEFAULT_LIMITS, RoomsSearchRun, type BatchResult, type RoomCursor, type SearchSnapshot } from '../model/roomsSearch.ts';

export interface RoomsMessageSearch {
  /** null before the rooms are known or without a text. */
  snapshot: SearchSnapshot<ChatMessage> | null;
  more: () => void;
  stop: () => void;
}

async function readBatch(cursor: RoomCursor, text: string, signal: AbortSignal): Promise<BatchResult<ChatMessage>> {
  const page = await searchPage(cursor.roomId, text, cursor.before, 1, signal);
  return { cursor, hits: page.messages, ...(page.next ? { next: page.next } : {}) };
}

/** `roomIds`: the rooms to search, most recent first; null while they are being listed. */
export function useRoomsMessageSearch(text: string, roomIds: readonly string[] | null): RoomsMessageSearch {
  const [snapshot, setSnapshot] = useState<SearchSnapshot<ChatMessage> | null>(null);
  const current = useRef<RoomsSearchRun<ChatMessage> | null>(null);
  const rooms = useRef(roomIds);
  rooms.current = roomIds;
  const ready = roomIds !== null;

  useEffect(() => {
    setSnapshot(null);
    if (text.trim() === '' || !rooms.current) return;
    const limits = { ...DEFAULT_LIMITS, pageHits: constants.pageSizes.roomListSearchMessages };
    const run = new RoomsSearchRun(rooms.current, (cursor, signal) => readBatch(cursor, text, signal), setSnapshot, limits);
    current.current = run;
    setSnapshot(run.snapshot());
    void run.next();
    return () => {
      run.dispose();
      current.current = null;
    };
    // The room list changing under a running search (new messages reorder it) does not restart it.
  }, [text, ready]);

  const more = useCallback(() => void current.current?.next(), []);
  const stop = useCallback(() => current.current?.stop(), []);
  return { snapshot, more, stop };
}
