/**
 * Whether the database can be reached. A PostgreSQL server that is down, restarting or cut off is an outage, not
 * a fault of the call: while it lasts calls answer 503 with Retry-After and GET /readyz reports not-ready, so a
 * load balancer stops routing here and clients try again (docs/deploy.md "Database outage"). The first failure
 * that says the database is unreachable marks it down; from then a check runs every second until it answers.
 * /readyz checks too (at most once a second), so an outage with no traffic is seen as well.
 */
import { sqlState } from './errors.ts';

/** Seconds a caller is asked to wait during an outage: about one recovery check and a balancer's probe. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);
/** SQLSTATEs of a server going away or refusing connections: admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections. */
const UNREACHABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** node-postgres's own words for a connection that died or never came. */
const UNREACHABLE_MESSAGE = /Connection terminated|connection timeout|timeout exceeded when trying to connect|encountered a connection error|not queryable|Query read timeout/i;

/** Whether `error` (or what caused it) says the database cannot be reached, rather than that a statement failed. */
export function isDatabaseUnreachable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true;
  const state = sqlState(error);
  if (state !== undefined && (state.startsWith('08') || UNREACHABLE_STATES.has(state))) return true;
  if (error instanceof Error && UNREACHABLE_MESSAGE.test(error.message)) return true;
  // Node's connect to several addresses fails with an AggregateError of each attempt.
  if (error instanceof AggregateError && error.errors.some((inner) => isDatabaseUnreachable(inner, depth + 1))) return true;
  return isDatabaseUnreachable((error as { cause?: unknown }).cause, depth + 1);
}

export interface ReachabilityOptions {
  /** A cheap round trip to the database on a connection of its own; null for the embedded engine (in process). */
  check: (() => Promise<void>) | null;
  log: (message: string, error?: unknown) => void;
  /** Between checks while down, and the least age of a /readyz check's answer (default 1000 ms). */
  intervalMs?: number;
}

export class DatabaseReachability {
  private down = false;
  private timer: NodeJS.Timeout | null = null;
  private lastCheck = 0;
  private checking: Promise<boolean> | null = null;
  private stopped = false;
  private readonly intervalMs: number;

  constructor(private readonly options: ReachabilityOptions) {
    this.intervalMs = options.intervalMs ?? 1000;
  }

  /** False from the first unreachable failure until a check succeeds. */
  get reachable(): boolean {
    return !this.down;
  }

  /** Tells of a failed call: true (and the outage begins) when the database could not be reached. */
  noteFailure(error: unknown): boolean {
    if (!isDatabaseUnreachable(error)) return false;
    this.markDown(error);
    return true;
  }

  /** For /readyz: the database answers (checked at most once an interval; the engine in process always does). */
  async ready(): Promise<boolean> {
    if (!this.options.check || this.down) return !this.down;
    if (Date.now() - this.lastCheck < this.intervalMs) return true;
    return this.runCheck();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private markDown(error: unknown): void {
    if (this.down || this.stopped) return;
    this.down = true;
    this.options.log('database unreachable: calls answer 503 until it answers again', error);
    this.scheduleCheck();
  }

  private scheduleCheck(): void {
    if (this.stopped || !this.down || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.runCheck().then(() => this.scheduleCheck());
    }, this.intervalMs);
    this.timer.unref();
  }

  /** One check at a time; its answer ends an outage or begins one. */
  private runCheck(): Promise<boolean> {
    const check = this.options.check;
    if (!check) return Promise.resolve(!this.down);
    this.checking ??= check().then(
      () => {
        this.lastCheck = Date.now();
        if (this.down) this.options.log('database reachable again');
        this.down = false;
        return true;
      },
      (error: unknown) => {
        this.lastCheck = Date.now();
        // A check that failed for another reason (a bug) does not take the server out of the balancer.
        if (!isDatabaseUnreachable(error)) return !this.down;
        this.markDown(error);
        return false;
      },
    ).finally(() => {
      this.checking = null;
    });
    return this.checking;
  }
}
