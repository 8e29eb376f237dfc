import { describe, expect, it } from 'vitest';
import { LoginThrottle } from '../../../server/services/identity/throttle.ts';

describe('LoginThrottle', () => {
  it('blocks a name after too many failures within the window, then forgets them', () => {
    const throttle = new LoginThrottle(3, 60_000);
    const t0 = new Date(1_000_000);
    for (let i = 0; i < 3; i++) throttle.failed('alice', t0);
    expect(throttle.isBlocked('alice', t0)).toBe(true);
    expect(throttle.isBlocked('bob', t0)).toBe(false);
    expect(throttle.isBlocked('alice', new Date(t0.getTime() + 60_001))).toBe(false);
  });

  it('clears the count on success', () => {
    const throttle = new LoginThrottle(2, 60_000);
    const now = new Date();
    throttle.failed('alice', now);
    throttle.succeeded('alice');
    throttle.failed('alice', now);
    expect(throttle.isBlocked('alice', now)).toBe(false);
  });
});
