import { describe, expect, it } from 'vitest';
import { ReplayGuard } from './replay-guard.ts';

describe('ReplayGuard', () => {
  it('accepts a nonce once and refuses it again within the window', () => {
    let now = 1_700_000_000_000;
    const guard = new ReplayGuard({ now: () => now });
    expect(guard.check(now, 'n1')).toBe('ok');
    now += 60_000;
    expect(guard.check(now - 60_000, 'n1')).toBe('replayed_nonce');
    expect(guard.check(now, 'n2')).toBe('ok');
  });

  it('refuses a ts more than 5 minutes away, in either direction', () => {
    const now = 1_700_000_000_000;
    const guard = new ReplayGuard({ now: () => now });
    expect(guard.check(now - 5 * 60_000 - 1, 'old')).toBe('stale_timestamp');
    expect(guard.check(now + 5 * 60_000 + 1, 'future')).toBe('stale_timestamp');
    expect(guard.check(now - 5 * 60_000, 'edge')).toBe('ok');
    expect(guard.check(Number.NaN, 'nan')).toBe('stale_timestamp');
  });

  it('forgets expired nonces, so memory does not grow with time', () => {
    let now = 1_700_000_000_000;
    const guard = new ReplayGuard({ now: () => now });
    for (let i = 0; i < 1000; i += 1) guard.check(now, `a${i}`);
    expect(guard.size).toBe(1000);
    now += 5 * 60_000 + 1;
    expect(guard.check(now, 'fresh')).toBe('ok');
    expect(guard.size).toBe(1);
  });

  it('stays within maxEntries under a flood, dropping the oldest first', () => {
    const now = 1_700_000_000_000;
    const guard = new ReplayGuard({ now: () => now, maxEntries: 100 });
    for (let i = 0; i < 250; i += 1) expect(guard.check(now, `f${i}`)).toBe('ok');
    expect(guard.size).toBe(100);
    expect(guard.check(now, 'f249')).toBe('replayed_nonce');
  });

  it('refuses empty and oversized nonces', () => {
    const guard = new ReplayGuard();
    expect(guard.check(Date.now(), '')).toBe('replayed_nonce');
    expect(guard.check(Date.now(), 'x'.repeat(129))).toBe('replayed_nonce');
  });
});
