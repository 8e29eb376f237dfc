// The open room's timeline: one place where every change to its kept messages is applied, whatever brought it —
// a pushed new message, a fetch answer, a recall, a tick, a vote, a star. The pages themselves live in the query
// cache (the store it is given); this model decides what a notice does to them:
// - a pushed message is the message: it joins at once when the room's message before it (the push's
//   previousMessageId) is held, and is ignored when already held (the reply queue and the room topic both carry it);
// - a push whose previous message is missing waits a moment for it (pushes may overtake each other), then the gap is
//   fetched (receiveaesmessages after the newest held), the only fetch a live room makes, besides a reconnect;
// - ticks only move forward, and one that comes before its message (read right after sending) waits for it.
// No React: the binding (hooks/useChatRoom.ts) gives it the store and the fetcher. Tested alone.
import { coalescedTask, type CoalescedTask } from '../../../core/coalesced-task.ts';
import type { DataChange } from '../../../core/query/notice-patches.ts';
import { tickMovesForward, type DeliveryTick } from './deliveryTicks.ts';
import type { Deletion } from '../../../domain/deletions.ts';
import { allMessages, appendNewest, atLiveEnd, newestMessageId, removeFromPages, tickInPages, updateInPages, type MessagePage, type MessagePages } from './messagePages.ts';
import type { ListMessage } from './rows.ts';

export interface TimelineStore<M extends ListMessage> {
  read(): MessagePages<M> | undefined;
  /** A change a notice makes: made now and again after a page fetch that was on its way (it must be repeatable). */
  patch(change: DataChange<MessagePages<M>>): void;
  /** A change from a fetch answer. */
  set(change: DataChange<MessagePages<M>>): void;
  /** A page of the window is being fetched (its answer would replace what a fill adds meanwhile). */
  loading(): boolean;
}

export interface TimelineOptions<M extends ListMessage> {
  store: TimelineStore<M>;
  /** The page after `anchor` (DOWN), or the newest page without one. */
  fetchNewer(anchor: string | undefined): Promise<MessagePage<M>>;
  batch: number;
  maxPages: number;
  /** How long a push whose previous message is missing waits for it before the gap is fetched. */
  holdMs?: number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

/** What a push did (for the tests and the log). */
export type PushOutcome = 'applied' | 'duplicate' | 'waiting' | 'later' | 'elsewhere';

const FILL_ROUNDS = 40;
const DEFAULT_HOLD_MS = 400;

export class RoomTimeline<M extends ListMessage> {
  private readonly store: TimelineStore<M>;
  private readonly options: TimelineOptions<M>;
  private readonly filler: CoalescedTask;
  /** Pushes whose previous message is not held yet, by that previous message's id. */
  private readonly waitingFor = new Map<string, M>();
  private holdTimer: unknown = null;
  /** A fill asked for while a page loaded or a fill failed: made once the load is in (see loaded). */
  private fillAfterLoad = false;
  /** Ticks that came before their message was in the window. */
  private readonly earlyTicks = new Map<string, DeliveryTick>();
  private disposed = false;

  constructor(options: TimelineOptions<M>) {
    this.options = options;
    this.store = options.store;
    this.filler = coalescedTask(() => this.fillNow());
  }

  /** A pushed new message, with the id of the room's message before it (absent for the room's first). */
  push(message: M, previousMessageId: string | undefined): PushOutcome {
    const data = this.store.read();
    if (!data || this.store.loading()) {
      // The load on its way may or may not have read it: look again once it is in.
      this.fillAfterLoad = true;
      return 'later';
    }
    if (!atLiveEnd(data)) return 'elsewhere'; // scrolled back: the newer pages come when scrolled down
    const held = new Set(allMessages(data).map((m) => m.messageId));
    if (held.has(message.messageId)) return 'duplicate';
    const follows = previousMessageId === undefined ? held.size === 0 : held.has(previousMessageId);
    if (!follows) {
      this.waitingFor.set(previousMessageId ?? '', message);
      this.holdTimer ??= (this.options.setTimer ?? setTimeout)(() => this.holdExpired(), this.options.holdMs ?? DEFAULT_HOLD_MS);
      return 'waiting';
    }
    const joined = [message];
    for (let next = this.waitingFor.get(message.messageId); next; next = this.waitingFor.get(next.messageId)) {
      this.waitingFor.delete(joined[joined.length - 1]!.messageId);
      joined.push(next);
    }
    if (this.waitingFor.size === 0) this.clearHold();
    const { batch, maxPages } = this.options;
    this.store.patch((current) => (current && atLiveEnd(current) ? appendNewest(current, joined, batch, maxPages) : current));
    this.applyEarlyTicks();
    return 'applied';
  }

  /** Fetches what is newer than the newest message held (a gap, a reconnect); one run at a time, none lost. */
  fill(): Promise<void> {
    if (this.store.loading()) {
      this.fillAfterLoad = true;
      return Promise.resolve();
    }
    this.fillAfterLoad = false;
    return this.filler.run();
  }

  /** A fill is on its way (paging waits for it: the page answer would replace what it adds). */
  filling(): boolean {
    return this.filler.isRunning();
  }

  /** A page load ended: a fill asked for meanwhile runs now. */
  loaded(): void {
    if (this.fillAfterLoad && !this.store.loading()) void this.fill();
    this.applyEarlyTicks();
  }

  /** Delivered to all, read by all: moves the message's status forward only, now or once it is held. */
  tick(messageId: string, next: DeliveryTick): void {
    const shown = allMessages(this.store.read()).find((message) => message.messageId === messageId);
    if (shown) {
      if (tickMovesForward(next, shown.messageStatus)) this.store.patch((data) => tickInPages(data, messageId, next));
      return;
    }
    const kept = this.earlyTicks.get(messageId);
    if (!kept || tickMovesForward(next, kept)) this.earlyTicks.set(messageId, next);
  }

  /** A recall leaves 'This message was deleted'; a self-destruct or a delete for me takes the messages away. */
  delete(deletion: Deletion, recalled: Partial<M>): void {
    if (deletion.kind === 'removed') this.store.patch((data) => removeFromPages(data, deletion.messageIds));
    else for (const id of deletion.messageIds) this.update(id, recalled);
  }

  /** A change to one held message (a vote's new tally, a star, a read mark). */
  update(messageId: string, change: Partial<M>): void {
    this.store.patch((data) => updateInPages(data, messageId, change));
  }

  dispose(): void {
    this.disposed = true;
    this.clearHold();
    this.waitingFor.clear();
  }

  private holdExpired(): void {
    this.holdTimer = null;
    if (this.disposed || this.waitingFor.size === 0) return;
    this.waitingFor.clear(); // the fill brings them with what they wait for
    void this.fill();
  }

  private clearHold(): void {
    if (this.holdTimer !== null) (this.options.clearTimer ?? clearTimeout)(this.holdTimer as ReturnType<typeof setTimeout>);
    this.holdTimer = null;
  }

  private applyEarlyTicks(): void {
    if (this.earlyTicks.size === 0) return;
    for (const message of allMessages(this.store.read())) {
      const tick = this.earlyTicks.get(message.messageId);
      if (!tick) continue;
      this.earlyTicks.delete(message.messageId);
      if (tickMovesForward(tick, message.messageStatus)) this.store.patch((data) => tickInPages(data, message.messageId, tick));
    }
  }

  private async fillNow(): Promise<void> {
    const { batch, maxPages } = this.options;
    if (!atLiveEnd(this.store.read())) return;
    try {
      let anchor = newestMessageId(this.store.read());
      for (let round = 0; round < FILL_ROUNDS && !this.disposed; round += 1) {
        const page = await this.options.fetchNewer(anchor);
        // A jump may have moved the window away from the live end meanwhile.
        this.store.set((current) => (current && atLiveEnd(current) ? appendNewest(current, page.messages, batch, maxPages) : current));
        const newest = page.messages[page.messages.length - 1];
        if (!page.hasNewer || !newest) break;
        anchor = newest.messageId;
      }
      this.applyEarlyTicks();
    } catch {
      this.fillAfterLoad = true; // the next page load, push or reconnect tries again
    }
  }
}
