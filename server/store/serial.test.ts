import { describe, expect, it } from 'vitest';
import { TurnQueue } from './serial.ts';

/** A turn that records its start and end, and ends when `release` is called. */
function turn(order: string[], name: string) {
  let release: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (release = resolve));
  return {
    release: () => release(),
    fn: async () => {
      order.push(`${name} start`);
      await done;
      order.push(`${name} end`);
      return name;
    },
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('TurnQueue', () => {
  it('runs one turn at a time; a statement goes before the waiting transactions, never into the running one', async () => {
    const queue = new TurnQueue();
    const order: string[] = [];
    const t1 = turn(order, 't1');
    const t2 = turn(order, 't2');
    const s1 = turn(order, 's1');
    const s2 = turn(order, 's2');
    const results = [queue.run(t1.fn), queue.run(t2.fn), queue.run(s1.fn, 'statement'), queue.run(s2.fn, 'statement')];
    await tick();
    expect(order).toEqual(['t1 start']);
    t1.release();
    await tick();
    expect(order).toEqual(['t1 start', 't1 end', 's1 start']);
    s1.release();
    s2.release();
    t2.release();
    expect(await Promise.all(results)).toEqual(['t1', 't2', 's1', 's2']);
    expect(order).toEqual(['t1 start', 't1 end', 's1 start', 's1 end', 's2 start', 's2 end', 't2 start', 't2 end']);
  });

  it('a failing turn fails alone and the next one runs', async () => {
    const queue = new TurnQueue();
    const failing = queue.run(() => {
      throw new Error('before its first await');
    });
    const rejected = queue.run(() => Promise.reject(new Error('later')), 'statement');
    await expect(failing).rejects.toThrow('before its first await');
    await expect(rejected).rejects.toThrow('later');
    expect(await queue.run(async () => 'next')).toBe('next');
  });
});
