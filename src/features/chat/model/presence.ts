// Pure parts of presence and typing: the send throttle for TYPING, the expiring "is typing" list, and the
// presence answer (checkAccountOnlineStatus) updated by ONLINE / OFFLINE topic messages.
import type { CheckAccountOnlineStatusResponse, OnlineStatus } from '@generated/types/index';

/** TYPING goes out at most this often while the user types. */
export const TYPING_SEND_INTERVAL_MS = 3_000;
/** Another member's TYPING is shown this long (each new one restarts it). */
export const TYPING_SHOWN_MS = 5_000;

/** Returns true when the action may run now, at most once per `intervalMs`. */
export function createThrottle(intervalMs: number, now: () => number = Date.now): () => boolean {
  let last = Number.NEGATIVE_INFINITY;
  return () => {
    const time = now();
    if (time - last < intervalMs) return false;
    last = time;
    return true;
  };
}

/**
 * Who is typing: each TYPING shows its sender for `shownMs`; `stopped` (OFFLINE, their message arrived) removes
 * them at once. `onChange` gets the names in the order they started typing.
 */
export class TypingIndicator {
  private readonly until = new Map<string, number>();
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly onChange: (names: string[]) => void,
    private readonly shownMs: number = TYPING_SHOWN_MS,
    private readonly now: () => number = Date.now,
  ) {}

  get names(): string[] {
    return [...this.until.keys()];
  }

  typing(name: string): void {
    const isNew = !this.until.has(name);
    this.until.set(name, this.now() + this.shownMs);
    this.schedule();
    if (isNew) this.onChange(this.names);
  }

  stopped(name: string): void {
    if (!this.until.delete(name)) return;
    this.schedule();
    this.onChange(this.names);
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.until.clear();
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.until.size === 0) return;
    const next = Math.min(...this.until.values());
    this.timer = setTimeout(() => this.expire(), Math.max(0, next - this.now()));
  }

  private expire(): void {
    const time = this.now();
    let changed = false;
    for (const [name, until] of this.until) {
      if (until <= time) {
        this.until.delete(name);
        changed = true;
      }
    }
    this.schedule();
    if (changed) this.onChange(this.names);
  }
}

/** An ONLINE / OFFLINE topic message applied to the cached presence answer. */
export function applyPresence(
  data: CheckAccountOnlineStatusResponse | undefined,
  accountId: string,
  online: boolean,
  now: number,
): CheckAccountOnlineStatusResponse | undefined {
  if (!data) return data;
  return {
    ...data,
    onlineStatuses: data.onlineStatuses.map((status) =>
      status.accountId === accountId ? { ...status, online, ...(online ? {} : { lastOnlineTime: now }) } : status,
    ),
  };
}

/** A status the server sent (USER_STATUS_CHANGE: the account changed who sees its presence) replaces the cached one. */
export function replaceStatus(data: CheckAccountOnlineStatusResponse | undefined, next: OnlineStatus): CheckAccountOnlineStatusResponse | undefined {
  if (!data || !data.onlineStatuses.some((status) => status.accountId === next.accountId)) return data;
  return { ...data, onlineStatuses: data.onlineStatuses.map((status) => (status.accountId === next.accountId ? next : status)) };
}

export type PresenceView = { kind: 'online' } | { kind: 'lastSeen'; at: number } | { kind: 'hidden' };

/** What the header shows: online, the last-seen time, or nothing when the account hides it (offline without a time). */
export function presenceView(status: OnlineStatus): PresenceView {
  if (status.online) return { kind: 'online' };
  return status.lastOnlineTime !== undefined ? { kind: 'lastSeen', at: status.lastOnlineTime } : { kind: 'hidden' };
}
