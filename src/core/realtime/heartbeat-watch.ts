// Tells a silent server from a busy page. The server beats every few seconds (STOMP heart-beats); a connection
// is lost when nothing has come from it for a few beats. But a page whose timers were starved (a busy machine, a
// long task, a throttled tab) runs its check late, before the frames that came meanwhile are handled: measured
// across that gap, a live server looks silent. So a check that runs well after its time judges nothing and starts
// the silence over; only silence measured while the page kept its time counts as a lost connection.

export interface HeartbeatWatchOptions {
  /** How often the server beats (the negotiated interval), and so how often the silence is checked (ms). */
  everyMs: number;
  /** Silence allowed, in beats, before the connection counts as lost. */
  missedBeats: number;
  onSilent: () => void;
  now?: () => number;
}

export class HeartbeatWatch {
  private lastHeard = 0;
  private lastCheck = 0;
  private timer: ReturnType<typeof setInterval> | null = null;
  private readonly now: () => number;

  constructor(private readonly options: HeartbeatWatchOptions) {
    this.now = options.now ?? Date.now;
  }

  start(): void {
    this.stop();
    this.lastHeard = this.lastCheck = this.now();
    this.timer = setInterval(() => this.check(), this.options.everyMs);
  }

  /** Something came from the server (a beat or a frame). */
  heard(): void {
    this.lastHeard = this.now();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Runs on the interval; exposed for tests with their own clock. */
  check(): void {
    const now = this.now();
    const { everyMs, missedBeats } = this.options;
    const late = now - this.lastCheck - everyMs;
    this.lastCheck = now;
    if (late > everyMs / 2) {
      // The page was starved: what the server sent meanwhile may be waiting behind this check.
      this.lastHeard = Math.max(this.lastHeard, now);
      return;
    }
    if (now - this.lastHeard > everyMs * missedBeats) {
      this.stop();
      this.options.onSilent();
    }
  }
}
