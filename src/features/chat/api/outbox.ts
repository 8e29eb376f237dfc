// The outbox of sends: what the user sent is stored first (so a reload or a closed tab loses nothing), shown pending
// in its room, and sent one at a time in typed order while the socket is live. A send that cannot reach the server
// while the socket is live is tried again at the socket's rhythm (every reconnect interval, SEND_RETRIES times),
// shown as 'will retry' meanwhile, and then marked failed with Resend; while the socket is down nothing is tried or
// counted (the connection banner tells), so an outage however long fails nothing. A send the server refuses is
// failed at once. One tab of the browser sends at a time (a lock), re-checking that an entry is still waiting, and
// the others reload what is left when told. Everything it works with is given: the store, the transport, the
// connection, the lock, the clock; its state is a small store the React binding renders from.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ChatMessage } from './data.ts';
import type { OutboxStore } from './outboxStore.ts';
import { nextToSend, sendOrder, type OutboxEntry } from '../model/outbox.ts';

export interface OutboxState {
  entries: OutboxEntry[];
  /** Decrypted-side bytes of file entries, for showing them before they are sent. */
  fileBytes: Record<string, ChatMessage['fileBytes']>;
  progress: Record<string, number>;
  /** Failed tries of a pending entry while the socket was live: shown as 'will retry'. */
  retries: Record<string, number>;
}

export interface OutboxDeps {
  accountId: string;
  store: OutboxStore;
  /** Sends one entry; resolves with the server's copy. */
  send(entry: OutboxEntry, onProgress: ((fraction: number) => void) | undefined): Promise<ChatMessage>;
  /** Whether the socket is live (sends wait while it is not). */
  connected(): boolean;
  /** Whether a failed send did not reach the server (tried again) rather than being refused (failed at once). */
  unreachable(error: unknown): boolean;
  /** The server has it: show its copy in the room. */
  onSent(entry: OutboxEntry, message: ChatMessage): void;
  /** The send failed for good (refused, or its retries used up). */
  onFailed(entry: OutboxEntry): void;
  checksum(roomId: string, localId: string): Promise<string>;
  /** Runs `work` while no other tab of this account sends. */
  withLock?(work: () => Promise<void>): Promise<void>;
  /** Tells the other tabs that the outbox changed; `listen` hears theirs (returns the way to stop). */
  announce?(): void;
  listen?(changed: () => void): () => void;
  retryMs: number;
  /** Tries after the first, while the socket is live, before the entry is failed. */
  retries?: number;
  newId?: () => string;
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export const SEND_RETRIES = 3;

const emptyState = (): OutboxState => ({ entries: [], fileBytes: {}, progress: {}, retries: {} });

export class Outbox {
  readonly state: StoreApi<OutboxState> = createStore<OutboxState>(emptyState);
  private seq = 0;
  private draining = false;
  private retryTimer: unknown = null;
  private stopListening: (() => void) | null = null;
  /** Entries this page sent or discarded: a reload that read the store just before cannot bring them back. */
  private readonly goneHere = new Set<string>();
  /** Entries this page is still writing: a reload must not drop them for not being in the store yet. */
  private readonly savingHere = new Set<string>();

  constructor(private readonly deps: OutboxDeps) {}

  /** Loads what is stored, listens to the other tabs and sends what waits. */
  start(): void {
    this.stopListening = this.deps.listen?.(() => void this.reload().catch(() => undefined)) ?? null;
    void this.reload()
      .then(() => this.drain())
      .catch(() => undefined);
  }

  stop(): void {
    this.stopListening?.();
    this.stopListening = null;
    this.clearRetry();
  }

  /** The session ended: the entries (plaintext until sent) are deleted. */
  async clear(): Promise<void> {
    this.state.setState(emptyState());
    await this.deps.store.clear(this.deps.accountId).catch(() => undefined);
  }

  /** Keeps a message in the outbox and sends it when it can. */
  async enqueue(entry: Omit<OutboxEntry, 'localId' | 'createdAt' | 'seq' | 'status' | 'checksum' | 'accountId'>): Promise<void> {
    const localId = `local-${(this.deps.newId ?? (() => crypto.randomUUID()))()}`;
    const full: OutboxEntry = {
      ...entry,
      accountId: this.deps.accountId,
      localId,
      createdAt: this.now(),
      seq: this.seq++,
      status: 'pending',
      checksum: await this.deps.checksum(entry.roomId, localId),
    };
    const bytes = entry.file ? new Uint8Array(await entry.file.arrayBuffer()) : undefined;
    this.state.setState((state) => ({
      entries: [...state.entries, full],
      fileBytes: bytes ? { ...state.fileBytes, [localId]: bytes } : state.fileBytes,
    }));
    this.savingHere.add(localId);
    // Without storage (quota, private mode) it still goes out from this page: it stays marked as this page's own.
    if (await this.deps.store.put(full).then(() => true, () => false)) this.savingHere.delete(localId);
    this.deps.announce?.();
    void this.drain();
  }

  /** Resend: the failed entry waits its turn again, with a fresh set of tries. */
  async resend(localId: string): Promise<void> {
    const entry = this.setEntry(localId, { status: 'pending' });
    this.setRetries(localId, undefined);
    if (entry) await this.deps.store.put(entry).catch(() => undefined);
    void this.drain();
  }

  async discard(localId: string): Promise<void> {
    this.dropEntry(localId);
    await this.deps.store.remove(localId).catch(() => undefined);
    this.deps.announce?.();
  }

  /** Sends the waiting entries in order while the socket is live. */
  async drain(): Promise<void> {
    if (this.draining || !this.deps.connected()) return;
    this.draining = true;
    const locked = this.deps.withLock ?? ((work: () => Promise<void>) => work());
    try {
      await locked(async () => {
        await this.reload().catch(() => undefined); // another tab may have sent some meanwhile
        for (;;) {
          if (!this.deps.connected()) return;
          const next = nextToSend(this.state.getState().entries);
          if (!next) return;
          if (!this.savingHere.has(next.localId) && !(await this.deps.store.has(next.localId).catch(() => true))) {
            this.dropEntry(next.localId);
            continue;
          }
          if (!(await this.sendOne(next))) return;
        }
      });
    } finally {
      this.draining = false;
    }
  }

  /** Reads the account's entries again (start-up, another tab changed them); one being sent here keeps its state. */
  async reload(): Promise<void> {
    const stored = (await this.deps.store.all(this.deps.accountId)).filter((entry) => !this.goneHere.has(entry.localId));
    const sending = new Set(this.state.getState().entries.filter((entry) => entry.status === 'sending').map((entry) => entry.localId));
    const fileBytes: OutboxState['fileBytes'] = {};
    for (const entry of stored) {
      if (entry.file) fileBytes[entry.localId] = new Uint8Array(await entry.file.arrayBuffer());
    }
    this.state.setState((state) => {
      const storedIds = new Set(stored.map((entry) => entry.localId));
      const unsaved = state.entries.filter((entry) => this.savingHere.has(entry.localId) && !storedIds.has(entry.localId));
      return {
        entries: sendOrder([...stored.map((entry) => (sending.has(entry.localId) ? { ...entry, status: 'sending' as const } : entry)), ...unsaved]),
        fileBytes: { ...state.fileBytes, ...fileBytes },
      };
    });
  }

  /** One send; false when it must wait (the entry stays pending and the drain stops until the next try). */
  private async sendOne(entry: OutboxEntry): Promise<boolean> {
    this.setEntry(entry.localId, { status: 'sending' });
    const onProgress = entry.file ? (fraction: number) => this.state.setState((state) => ({ progress: { ...state.progress, [entry.localId]: fraction } })) : undefined;
    try {
      const sent = await this.deps.send(entry, onProgress);
      await this.deps.store.remove(entry.localId).catch(() => undefined);
      const bytes = this.state.getState().fileBytes[entry.localId];
      // The file bytes the user picked stay for display: the server copy is the same file.
      this.deps.onSent(entry, bytes ? { ...sent, fileBytes: bytes } : sent);
      this.dropEntry(entry.localId);
      this.deps.announce?.();
      return true;
    } catch (error) {
      if (this.deps.unreachable(error)) {
        // Only tries made while the socket was live count: an outage fails nothing.
        const tries = (this.state.getState().retries[entry.localId] ?? 0) + (this.deps.connected() ? 1 : 0);
        if (tries <= (this.deps.retries ?? SEND_RETRIES)) {
          this.setEntry(entry.localId, { status: 'pending' });
          this.setRetries(entry.localId, tries);
          this.clearRetry();
          this.retryTimer = (this.deps.setTimer ?? setTimeout)(() => {
            this.retryTimer = null;
            void this.drain();
          }, this.deps.retryMs);
          return false;
        }
      }
      const failed = this.setEntry(entry.localId, { status: 'failed' });
      this.setRetries(entry.localId, undefined);
      if (failed) await this.deps.store.put(failed).catch(() => undefined);
      this.deps.onFailed(entry);
      return true;
    }
  }

  private setEntry(localId: string, change: Partial<OutboxEntry>): OutboxEntry | undefined {
    let updated: OutboxEntry | undefined;
    this.state.setState((state) => ({
      entries: state.entries.map((entry) => (entry.localId === localId ? (updated = { ...entry, ...change }) : entry)),
    }));
    return updated;
  }

  private setRetries(localId: string, tries: number | undefined): void {
    this.state.setState((state) => {
      const { [localId]: _gone, ...retries } = state.retries;
      return { retries: tries === undefined ? retries : { ...retries, [localId]: tries } };
    });
  }

  private dropEntry(localId: string): void {
    this.goneHere.add(localId);
    this.state.setState((state) => {
      const { [localId]: _bytes, ...fileBytes } = state.fileBytes;
      const { [localId]: _progress, ...progress } = state.progress;
      const { [localId]: _retries, ...retries } = state.retries;
      return { entries: state.entries.filter((entry) => entry.localId !== localId), fileBytes, progress, retries };
    });
  }

  private clearRetry(): void {
    if (this.retryTimer !== null) (this.deps.clearTimer ?? clearTimeout)(this.retryTimer as ReturnType<typeof setTimeout>);
    this.retryTimer = null;
  }

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }
}
