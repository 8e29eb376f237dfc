// The room list's message search across rooms. The server holds ciphertext only, so the browser reads each room's
// newest messages a batch at a time (the seed's 30), decrypts and matches them. The rooms wait in a queue, most
// recent first; a step reads one batch from each of the next few rooms, and a room with older messages goes back to
// the end of the queue with its cursor, so every room's newest messages are searched before anyone's older ones.

export interface RoomCursor {
  roomId: string;
  /** The oldest message already read (the next batch's lastMessageId); absent before the first batch. */
  before?: string;
}

export interface BatchResult<M> {
  cursor: RoomCursor;
  /** Matching messages of the batch. */
  hits: M[];
  /** The next (older) batch's cursor; absent when the room has no older messages or could not be read. */
  next?: string;
}

export interface Hit<M> {
  roomId: string;
  message: M;
}

export interface Dated {
  messageId: string;
  messageCreateDate?: number;
}

/** Rooms read per step: a first step covers the ten most recent rooms. */
export const ROOMS_PER_STEP = 10;

export function initialQueue(roomIds: readonly string[]): RoomCursor[] {
  return [...new Set(roomIds)].map((roomId) => ({ roomId }));
}

export function takeStep(queue: readonly RoomCursor[], size = ROOMS_PER_STEP): { step: RoomCursor[]; rest: RoomCursor[] } {
  return { step: queue.slice(0, size), rest: queue.slice(size) };
}

/** The queue after a step: rooms with older messages go to its end, in the order they were read. */
export function requeue<M>(rest: readonly RoomCursor[], results: readonly BatchResult<M>[]): RoomCursor[] {
  const again = results.filter((result) => result.next !== undefined).map((result) => ({ roomId: result.cursor.roomId, before: result.next as string }));
  return [...rest, ...again];
}

/** Hits so far and new ones, newest first, each message once. */
export function mergeHits<M extends Dated>(existing: readonly Hit<M>[], results: readonly BatchResult<M>[]): Hit<M>[] {
  const seen = new Set(existing.map((hit) => `${hit.roomId}/${hit.message.messageId}`));
  const merged = [...existing];
  for (const result of results) {
    for (const message of result.hits) {
      const key = `${result.cursor.roomId}/${message.messageId}`;
      if (seen.has(key)) continue;
      seen.add(key);
      merged.push({ roomId: result.cursor.roomId, message });
    }
  }
  return merged.sort((a, b) => (b.message.messageCreateDate ?? 0) - (a.message.messageCreateDate ?? 0) || Number(b.message.messageId) - Number(a.message.messageId));
}
