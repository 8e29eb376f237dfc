import { describe, expect, it } from 'vitest';
import { endAfterMinutes, validEnd } from './dnd.ts';

describe('Do Not Disturb end', () => {
  const now = Date.UTC(2026, 0, 1, 9, 0);

  it("ends a preset's minutes after now", () => {
    expect(endAfterMinutes(60, now)).toBe(Date.UTC(2026, 0, 1, 10, 0));
  });

  it('refuses an end that is not ahead of now or lies beyond 2090-12-31', () => {
    expect(validEnd(now, now)).toBeNull();
    expect(validEnd(now - 1, now)).toBeNull();
    expect(validEnd(Date.UTC(2091, 0, 1), now)).toBeNull();
    expect(validEnd(null, now)).toBeNull();
    expect(validEnd(Date.UTC(2090, 11, 31, 12), now)).toBe(Date.UTC(2090, 11, 31, 12));
  });
});
