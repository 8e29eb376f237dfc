// Admission limit on password hashing (docs/security.md, finding 5). scrypt runs on libuv's small thread pool;
// 128 concurrent bad logins from one client used to queue real logins behind them for 12 s. A few hashes run
// at once, a short queue waits, one client address holds at most a share of both, and a caller over the limit
// is answered 429 with Retry-After at once instead of waiting.
import { ApiError } from '../http/api-error.ts';

export interface HashAdmissionLimits {
  /** Hashes running at once (libuv's pool has 4 threads by default, shared with file and DNS work). */
  concurrent: number;
  /** Callers waiting for a slot. */
  queued: number;
  /** Running plus waiting per client address. */
  perAddress: number;
}

// One address holds at most 8 of the 20 places (running or waiting), so other addresses always find a place in the
// queue, while the staff of one site behind one NAT address can still log in together (a share of 2 answered the
// third of three colleagues logging in at the same moment with 429).
export const DEFAULT_HASH_ADMISSION: HashAdmissionLimits = { concurrent: 4, queued: 16, perAddress: 8 };
const RETRY_AFTER_SECONDS = 1;

export class HashAdmission {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly byAddress = new Map<string, number>();

  constructor(private readonly limits: HashAdmissionLimits = DEFAULT_HASH_ADMISSION) {}

  /** Runs `work` when a slot is free; throws TOO_MANY_REQUESTS at once when the caller may not wait. */
  async run<T>(address: string, work: () => Promise<T>): Promise<T> {
    const mine = this.byAddress.get(address) ?? 0;
    const full = this.running >= this.limits.concurrent && this.waiting.length >= this.limits.queued;
    if (mine >= this.limits.perAddress || full) {
      throw new ApiError('TOO_MANY_REQUESTS', undefined, undefined, RETRY_AFTER_SECONDS);
    }
    this.byAddress.set(address, mine + 1);
    try {
      if (this.running >= this.limits.concurrent) await new Promise<void>((resolve) => this.waiting.push(resolve));
      else this.running++;
      try {
        return await work();
      } finally {
        // Hand the slot straight to the next waiter, or free it.
        const next = this.waiting.shift();
        if (next) next();
        else this.running--;
      }
    } finally {
      const left = (this.byAddress.get(address) ?? 1) - 1;
      if (left === 0) this.byAddress.delete(address);
      else this.byAddress.set(address, left);
    }
  }

  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }
}
