import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReconnectPolicy } from './reconnect-policy.ts';

describe('ReconnectPolicy', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('defaults to the seed: every 10 s, 3 tries', () => {
    const policy = new ReconnectPolicy();
    expect([policy.intervalMs, policy.maxTries]).toEqual([10_000, 3]);
  });

  it('runs each try after the interval and refuses a fourth', () => {
    const policy = new ReconnectPolicy();
    const attempt = vi.fn();
    for (let i = 1; i <= 3; i += 1) {
      expect(policy.schedule(attempt)).toBe(true);
      vi.advanceTimersByTime(9_999);
      expect(attempt).toHaveBeenCalledTimes(i - 1);
      vi.advanceTimersByTime(1);
      expect(attempt).toHaveBeenCalledTimes(i);
    }
    expect(policy.schedule(attempt)).toBe(false);
    vi.advanceTimersByTime(60_000);
    expect(attempt).toHaveBeenCalledTimes(3);
  });

  it('keeps one retry at a time', () => {
    const policy = new ReconnectPolicy();
    const attempt = vi.fn();
    policy.schedule(attempt);
    policy.schedule(attempt);
    expect(policy.tries).toBe(1);
    vi.advanceTimersByTime(10_000);
    expect(attempt).toHaveBeenCalledTimes(1);
  });

  it('gives back every try after a success', () => {
    const policy = new ReconnectPolicy({ intervalMs: 10, maxTries: 2 });
    const attempt = vi.fn();
    policy.schedule(attempt);
    vi.advanceTimersByTime(10);
    policy.schedule(attempt);
    vi.advanceTimersByTime(10);
    expect(policy.schedule(attempt)).toBe(false);
    policy.succeeded();
    expect(policy.tries).toBe(0);
    expect(policy.schedule(attempt)).toBe(true);
  });

  it('cancel() drops the waiting try', () => {
    const policy = new ReconnectPolicy();
    const attempt = vi.fn();
    policy.schedule(attempt);
    expect(policy.waiting).toBe(true);
    policy.cancel();
    vi.advanceTimersByTime(20_000);
    expect(attempt).not.toHaveBeenCalled();
    expect(policy.waiting).toBe(false);
  });

  it('reset() drops the waiting try and gives back every try (a retry asked for by the user or the browser)', () => {
    const policy = new ReconnectPolicy();
    const attempt = vi.fn();
    for (let i = 0; i < 3; i += 1) {
      policy.schedule(attempt);
      vi.advanceTimersByTime(10_000);
    }
    expect(policy.schedule(attempt)).toBe(false); // lost
    policy.reset();
    expect(policy.tries).toBe(0);
    expect(policy.schedule(attempt)).toBe(true);
    policy.reset();
    expect(policy.waiting).toBe(false);
    vi.advanceTimersByTime(10_000);
    expect(attempt).toHaveBeenCalledTimes(3); // the try waiting at the reset never ran
  });
});
