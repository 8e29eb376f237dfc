// HeartbeatWatch with a clock of its own: silence counts only across checks that ran on time.
// (tests/server/heartbeats-under-load.test.ts starves a real client and server.)
import { describe, expect, it, vi } from 'vitest';
import { HeartbeatWatch } from './heartbeat-watch.ts';

describe('HeartbeatWatch', () => {
  it('counts silence only while its checks run on time', () => {
    let now = 0;
    const silent = vi.fn();
    const watch = new HeartbeatWatch({ everyMs: 100, missedBeats: 3, onSilent: silent, now: () => now });
    watch.start();
    watch.stop(); // the checks are driven by hand below
    for (const at of [100, 200, 300]) {
      now = at;
      watch.check();
    }
    expect(silent).not.toHaveBeenCalled(); // 300 ms: three beats missed, not more
    now = 1_000; // a check 600 ms late: the process was starved
    watch.check();
    now = 1_100;
    watch.check();
    expect(silent).not.toHaveBeenCalled();
    watch.heard();
    for (const at of [1_200, 1_300, 1_400]) {
      now = at;
      watch.check();
    }
    expect(silent).not.toHaveBeenCalled();
    now = 1_500;
    watch.check();
    expect(silent).toHaveBeenCalledOnce();
  });
});
