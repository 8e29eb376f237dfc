// The seed's socket retry rule: try again every 10 s, at most 3 tries, then give up ('lost'). A retry the user
// or the browser asks for (the Reconnect button, `online`, the tab shown again) starts a fresh set of tries.
import { constants } from '@variant/constants';

export interface ReconnectPolicyOptions {
  intervalMs?: number;
  maxTries?: number;
}

export class ReconnectPolicy {
  readonly intervalMs: number;
  readonly maxTries: number;
  private triesUsed = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(options: ReconnectPolicyOptions = {}) {
    this.intervalMs = options.intervalMs ?? constants.socket.reconnectIntervalMs;
    this.maxTries = options.maxTries ?? constants.socket.reconnectTries;
  }

  /** Tries used since the last success. */
  get tries(): number {
    return this.triesUsed;
  }

  get waiting(): boolean {
    return this.timer !== null;
  }

  /** Schedules `attempt` after the interval; false (nothing scheduled) once every try is used. */
  schedule(attempt: () => void): boolean {
    if (this.timer) return true; // one retry at a time
    if (this.triesUsed >= this.maxTries) return false;
    this.triesUsed += 1;
    this.timer = setTimeout(() => {
      this.timer = null;
      attempt();
    }, this.intervalMs);
    return true;
  }

  /** A connection succeeded: the next loss starts with a full set of tries. */
  succeeded(): void {
    this.triesUsed = 0;
  }

  /** A retry asked for now: drops the waiting try and gives back every try. */
  reset(): void {
    this.cancel();
    this.triesUsed = 0;
  }

  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
