/**
 * In-memory freshness check for envelopes (the server uses the durable one in replay-guard-store.ts; this one
 * serves single-process tools and tests): a `ts` more than the window away from now is stale, and a nonce
 * seen within the window is a replay. Memory is bounded: expired nonces are evicted as they age out,
 * and beyond `maxEntries` the oldest are forgotten early (refusing everyone instead would let one
 * flooding client lock every user out).
 */
export const REPLAY_WINDOW_MS = 5 * 60 * 1000;
const MAX_NONCE_LENGTH = 128;

export type ReplayVerdict = 'ok' | 'stale_timestamp' | 'replayed_nonce';

/** What can be said without remembering anything: a ts outside the window is stale, a malformed nonce unusable. */
export function freshnessVerdict(ts: number, nonce: string, now: number, windowMs: number): ReplayVerdict {
  if (!Number.isSafeInteger(ts) || Math.abs(now - ts) > windowMs) return 'stale_timestamp';
  if (typeof nonce !== 'string' || nonce.length === 0 || nonce.length > MAX_NONCE_LENGTH) return 'replayed_nonce';
  return 'ok';
}

export interface ReplayGuardOptions {
  windowMs?: number;
  maxEntries?: number;
  /** Injectable clock, for tests and for checking fixed vectors. */
  now?: () => number;
}

export class ReplayGuard {
  readonly windowMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  /** nonce → time after which its ts is stale anyway; insertion order ≈ expiry order */
  private readonly seen = new Map<string, number>();

  constructor(options: ReplayGuardOptions = {}) {
    this.windowMs = options.windowMs ?? REPLAY_WINDOW_MS;
    this.maxEntries = options.maxEntries ?? 200_000;
    this.now = options.now ?? Date.now;
  }

  /** Checks and, when fresh, records the nonce. Call only after the signature has been verified. */
  check(ts: number, nonce: string): ReplayVerdict {
    const now = this.now();
    const fresh = freshnessVerdict(ts, nonce, now, this.windowMs);
    if (fresh !== 'ok') return fresh;
    this.evictExpired(now);
    const expiry = this.seen.get(nonce);
    if (expiry !== undefined && expiry >= now) return 'replayed_nonce';
    if (this.seen.size >= this.maxEntries) this.sweep(now);
    while (this.seen.size >= this.maxEntries) {
      const oldest = this.seen.keys().next();
      if (oldest.done) break;
      this.seen.delete(oldest.value);
    }
    this.seen.delete(nonce);
    // A message is replayable while its ts is within the window, i.e. until ts + window.
    this.seen.set(nonce, ts + this.windowMs);
    return 'ok';
  }

  get size(): number {
    return this.seen.size;
  }

  /** Cheap: stops at the first entry that has not expired. */
  private evictExpired(now: number): void {
    for (const [nonce, expiry] of this.seen) {
      if (expiry >= now) break;
      this.seen.delete(nonce);
    }
  }

  /** Full pass, only when at capacity (expiry is not strictly monotonic: client clocks differ). */
  private sweep(now: number): void {
    for (const [nonce, expiry] of this.seen) {
      if (expiry < now) this.seen.delete(nonce);
    }
  }
}
