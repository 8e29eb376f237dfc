import { describe, expect, it } from 'vitest';
import { closeReason } from './connection.ts';

describe('closeReason', () => {
  const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

  it('keeps a reason that fits in 123 bytes', () => {
    expect(closeReason('invalid or expired Api-Key')).toBe('invalid or expired Api-Key');
    expect(closeReason('x'.repeat(123))).toBe('x'.repeat(123));
  });

  it('cuts a longer one at 123 bytes, never inside a character', () => {
    // 1 + 41 × 3 = 124 bytes: the 41st character would straddle the limit, so it goes whole.
    const reason = closeReason(`a${'房'.repeat(41)}`);
    expect(reason).toBe(`a${'房'.repeat(40)}`);
    expect(bytes(reason)).toBe(121);
    expect(bytes(closeReason('😀'.repeat(40)))).toBe(120);
    expect(closeReason('y'.repeat(500))).toBe('y'.repeat(123));
  });
});
