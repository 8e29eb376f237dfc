// Read and notified marks in batches: at most one call per room per interval, carrying every id marked since the
// last one. The first mark of a quiet room goes at once (the sender's tick is not held back); the ones that follow
// within the interval wait for its end and go together. Pure: the sender and the timer are given.

export interface MarkBatchOptions {
  /** Sends one room's ids; a failure hands them to onFailed. */
  send(roomId: string, ids: string[]): Promise<void>;
  onFailed?(roomId: string, ids: string[]): void;
  intervalMs?: number;
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

interface RoomMarks {
  waiting: Set<string>;
  lastSentAt: number;
  timer: unknown;
}

export const MARK_INTERVAL_MS = 1000;

export class MarkBatch {
  private readonly rooms = new Map<string, RoomMarks>();

  constructor(private readonly options: MarkBatchOptions) {}

  add(roomId: string, ids: readonly string[]): void {
    if (ids.length === 0) return;
    const room = this.rooms.get(roomId) ?? { waiting: new Set<string>(), lastSentAt: Number.NEGATIVE_INFINITY, timer: null };
    this.rooms.set(roomId, room);
    for (const id of ids) room.waiting.add(id);
    if (room.timer !== null) return;
    const due = room.lastSentAt + this.interval() - this.now();
    if (due <= 0) this.flush(roomId);
    else room.timer = (this.options.setTimer ?? setTimeout)(() => {
      room.timer = null;
      this.flush(roomId);
    }, due);
  }

  /** Ids no longer to send (a message read before its notified mark went). */
  drop(roomId: string, ids: readonly string[]): void {
    const room = this.rooms.get(roomId);
    if (room) for (const id of ids) room.waiting.delete(id);
  }

  /** Sends what waits now, whatever the interval (the room is closing). */
  flush(roomId: string): void {
    const room = this.rooms.get(roomId);
    if (!room) return;
    if (room.timer !== null) (this.options.clearTimer ?? clearTimeout)(room.timer as ReturnType<typeof setTimeout>);
    room.timer = null;
    const ids = [...room.waiting];
    room.waiting.clear();
    if (ids.length === 0) return;
    room.lastSentAt = this.now();
    this.options.send(roomId, ids).catch(() => this.options.onFailed?.(roomId, ids));
  }

  /** Sends everything that waits (the session or the view ends). */
  flushAll(): void {
    for (const roomId of this.rooms.keys()) this.flush(roomId);
  }

  private interval(): number {
    return this.options.intervalMs ?? MARK_INTERVAL_MS;
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }
}
