import { describe, expect, it, vi } from 'vitest';
import { MarkBatch } from './markBatch.ts';

function setUp(fail = false) {
  let now = 0;
  const timers: Array<{ at: number; run: () => void }> = [];
  const sent: Array<[string, string[]]> = [];
  const failed: Array<[string, string[]]> = [];
  const batch = new MarkBatch({
    send: async (roomId, ids) => {
      sent.push([roomId, ids]);
      if (fail) throw new Error('offline');
    },
    onFailed: (roomId, ids) => failed.push([roomId, ids]),
    now: () => now,
    setTimer: (run, ms) => {
      const timer = { at: now + ms, run };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => timers.splice(timers.indexOf(timer as (typeof timers)[number]), 1),
  });
  const advance = (ms: number) => {
    now += ms;
    for (const timer of timers.filter((t) => t.at <= now)) {
      timers.splice(timers.indexOf(timer), 1);
      timer.run();
    }
  };
  return { batch, sent, failed, advance };
}

describe('MarkBatch', () => {
  it('sends the first mark at once and the others of that second together, one call per room per second', () => {
    const { batch, sent, advance } = setUp();
    batch.add('r1', ['1']);
    expect(sent).toEqual([['r1', ['1']]]);
    advance(100);
    batch.add('r1', ['2']);
    advance(300);
    batch.add('r1', ['3', '2']);
    batch.add('r2', ['9']); // another room is not held back by the first
    expect(sent).toEqual([['r1', ['1']], ['r2', ['9']]]);
    advance(600);
    expect(sent).toEqual([['r1', ['1']], ['r2', ['9']], ['r1', ['2', '3']]]);
    advance(5000);
    expect(sent).toHaveLength(3);
  });

  it('leaves out ids dropped before they went, and flushes on demand', () => {
    const { batch, sent, advance } = setUp();
    batch.add('r1', ['1']);
    batch.add('r1', ['2', '3']);
    batch.drop('r1', ['2']);
    batch.flushAll();
    expect(sent).toEqual([['r1', ['1']], ['r1', ['3']]]);
    advance(2000);
    expect(sent).toHaveLength(2);
  });

  it('hands the ids of a failed call back', async () => {
    const { batch, failed } = setUp(true);
    batch.add('r1', ['1', '2']);
    await vi.waitFor(() => expect(failed).toEqual([['r1', ['1', '2']]]));
  });
});
