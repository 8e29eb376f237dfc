import { describe, expect, it } from 'vitest';
import { kindShownBy } from './kindFlags.ts';

describe('kindShownBy', () => {
  const flags = { TEXT: true, BAPP: false, DISMISS_BAPP: false, SYSTEM: false };

  it('shows a kind whose flag is on', () => {
    expect(kindShownBy('TEXT', flags)).toBe(true);
  });

  it('hides a kind whose flag is off, and its dismiss message', () => {
    expect(kindShownBy('BAPP', flags)).toBe(false);
    expect(kindShownBy('DISMISS_BAPP', flags)).toBe(false);
    expect(kindShownBy('SYSTEM', flags)).toBe(false);
  });

  it('shows a kind no display flag governs', () => {
    expect(kindShownBy('IMAGE', flags)).toBe(true);
    expect(kindShownBy('__proto__', {})).toBe(true);
  });
});
