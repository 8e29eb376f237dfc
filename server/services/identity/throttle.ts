// Slows down password guessing: after MAX_FAILURES wrong passwords for one login name within WINDOW_MS,
// further attempts for that name are refused (TOO_MANY_REQUESTS) until the window has passed.
// In memory, per process: enough for the reference server; a cluster would keep this in the database.
export const MAX_FAILURES = 10;
export const WINDOW_MS = 15 * 60_000;
const MAX_TRACKED = 10_000;

export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures = MAX_FAILURES,
    private readonly windowMs = WINDOW_MS,
  ) {}

  private recent(key: string, now: Date): number[] {
    const since = now.getTime() - this.windowMs;
    const list = (this.failures.get(key) ?? []).filter((at) => at > since);
    if (list.length === 0) this.failures.delete(key);
    else this.failures.set(key, list);
    return list;
  }

  isBlocked(key: string, now: Date): boolean {
    return this.recent(key, now).length >= this.maxFailures;
  }

  failed(key: string, now: Date): void {
    if (this.failures.size >= MAX_TRACKED && !this.failures.has(key)) {
      // Forget the oldest entry rather than grow without bound.
      const oldest = this.failures.keys().next().value;
      if (oldest !== undefined) this.failures.delete(oldest);
    }
    this.failures.set(key, [...this.recent(key, now), now.getTime()]);
  }

  succeeded(key: string): void {
    this.failures.delete(key);
  }
}
