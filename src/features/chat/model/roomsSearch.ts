// The room list's message search across rooms. The server holds ciphertext only, so the browser reads each room's
// messages a batch at a time (the seed's 30), decrypts and matches them. The rooms wait in a queue, most recent
// first; reading a room's batch sends the room, with its cursor, to the end of the queue when it has older
// messages, so every room's newest messages are searched before anyone's older ones.
//
// A run reads in pages: it stops by itself once a page of hits (the seed's room list search messages, 30) has been
// found or a budget of batches has been read, and goes on when asked. At most two batches are in flight at once, so
// the chat's own calls are never crowded out; stopping aborts them (the rooms being read go back to the front of
// the queue), and a disposed run reports nothing more.

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

/** Reads one batch of a room and returns its matching messages; rejects (or is abandoned) when `signal` aborts. */
export type ReadBatch<M> = (cursor: RoomCursor, signal: AbortSignal) => Promise<BatchResult<M>>;

/** running: reading; paused: a page is done and more can be read; stopped: the user stopped it; done: all read. */
export type RunState = 'running' | 'paused' | 'stopped' | 'done';

export interface SearchSnapshot<M> {
  state: RunState;
  /** Every hit so far, newest first, each message once. */
  hits: Hit<M>[];
  /** Rooms whose newest batch has been read, of all rooms searched. */
  roomsRead: number;
  roomsTotal: number;
  /** Whether any room is in its older messages (the whole of every room's newest batch is read). */
  readingOlder: boolean;
}

export interface RunLimits {
  /** Hits that end a page. */
  pageHits: number;
  /** Batches a page may read at most (a long stretch of rooms without a match still pauses). */
  pageBatches: number;
  /** Batches read at the same time. */
  parallel: number;
}

/** A page reads at most 40 batches (1,200 messages) before it pauses; two at a time. */
export const DEFAULT_LIMITS: Omit<RunLimits, 'pageHits'> = { pageBatches: 40, parallel: 2 };

export function initialQueue(roomIds: readonly string[]): RoomCursor[] {
  return [...new Set(roomIds)].map((roomId) => ({ roomId }));
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

export interface HitGroup<M> {
  roomId: string;
  hits: Hit<M>[];
}

/** Hits grouped by room, the rooms in the search's order (most recent first), each room's hits newest first. */
export function groupHits<M>(hits: readonly Hit<M>[], roomOrder: readonly string[]): HitGroup<M>[] {
  const byRoom = new Map<string, Hit<M>[]>();
  for (const hit of hits) {
    const roomHits = byRoom.get(hit.roomId);
    if (roomHits) roomHits.push(hit);
    else byRoom.set(hit.roomId, [hit]);
  }
  const rank = new Map(roomOrder.map((roomId, index) => [roomId, index]));
  return [...byRoom.entries()]
    .sort(([a], [b]) => (rank.get(a) ?? Number.MAX_SAFE_INTEGER) - (rank.get(b) ?? Number.MAX_SAFE_INTEGER))
    .map(([roomId, roomHits]) => ({ roomId, hits: roomHits }));
}

export class RoomsSearchRun<M extends Dated> {
  private queue: RoomCursor[];
  private hits: Hit<M>[] = [];
  private roomsRead = 0;
  private readonly roomsTotal: number;
  private state: RunState;
  private controller: AbortController | null = null;
  private disposed = false;

  constructor(
    roomIds: readonly string[],
    private readonly read: ReadBatch<M>,
    private readonly onChange: (snapshot: SearchSnapshot<M>) => void,
    private readonly limits: RunLimits,
  ) {
    this.queue = initialQueue(roomIds);
    this.roomsTotal = this.queue.length;
    this.state = this.queue.length > 0 ? 'paused' : 'done';
  }

  snapshot(): SearchSnapshot<M> {
    const readingOlder = this.roomsRead === this.roomsTotal && this.roomsTotal > 0;
    return { state: this.state, hits: this.hits, roomsRead: this.roomsRead, roomsTotal: this.roomsTotal, readingOlder };
  }

  /** Reads the next page; resolves when it pauses, is stopped or everything is read. */
  async next(): Promise<void> {
    if (this.disposed || this.state === 'running' || this.state === 'done') return;
    const controller = new AbortController();
    this.controller = controller;
    this.setState('running');
    const found = this.hits.length;
    let batches = 0;
    const pageFull = () => this.hits.length - found >= this.limits.pageHits || batches >= this.limits.pageBatches;
    const worker = async () => {
      while (!controller.signal.aborted && !pageFull()) {
        const cursor = this.queue.shift();
        if (!cursor) return;
        batches += 1;
        const result = await this.read(cursor, controller.signal).catch((): BatchResult<M> => ({ cursor, hits: [] }));
        if (controller.signal.aborted) {
          // Stopped while reading: the room is read again first when the search goes on.
          this.queue.unshift(cursor);
          return;
        }
        this.take(result);
      }
    };
    await Promise.all(Array.from({ length: this.limits.parallel }, worker));
    if (controller.signal.aborted || this.disposed) return;
    this.controller = null;
    this.setState(this.queue.length > 0 ? 'paused' : 'done');
  }

  /** Stops the running page at once; `next` goes on from there. */
  stop(): void {
    if (this.state !== 'running') return;
    this.controller?.abort();
    this.controller = null;
    this.setState('stopped');
  }

  /** Stops for good (a new text, the search closed): nothing more is read or reported. */
  dispose(): void {
    this.disposed = true;
    this.controller?.abort();
  }

  private take(result: BatchResult<M>): void {
    if (result.cursor.before === undefined) this.roomsRead += 1;
    if (result.next !== undefined) this.queue.push({ roomId: result.cursor.roomId, before: result.next });
    if (result.hits.length > 0) this.hits = mergeHits(this.hits, [result]);
    this.emit();
  }

  private setState(state: RunState): void {
    this.state = state;
    this.emit();
  }

  private emit(): void {
    if (!this.disposed) this.onChange(this.snapshot());
  }
}
