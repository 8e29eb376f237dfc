import { describe, expect, it } from 'vitest';
import { delayAfter, THROTTLE } from './throttle.ts';

describe('delayAfter', () => {
  it('lets the free failures through, then doubles from 1 s to the scope cap', () => {
    expect(delayAfter(THROTTLE.pair.free, 'pair')).toBe(0);
    expect(delayAfter(THROTTLE.pair.free + 1, 'pair')).toBe(1000);
    expect(delayAfter(THROTTLE.pair.free + 2, 'pair')).toBe(2000);
    expect(delayAfter(THROTTLE.pair.free + 5, 'pair')).toBe(16_000);
    expect(delayAfter(10_000, 'pair')).toBe(THROTTLE.pair.maxDelayMs);
    expect(delayAfter(10_000, 'address')).toBe(THROTTLE.address.maxDelayMs);
  });
});
