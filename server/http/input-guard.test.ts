import { describe, expect, it } from 'vitest';
import { MAX_BODY_DEPTH, unsafeInputProblem } from './input-guard.ts';

describe('unsafeInputProblem', () => {
  it('accepts ordinary bodies, paired surrogates (emoji) and safe numbers', () => {
    expect(unsafeInputProblem({ text: 'ward 5 😀 會議', ids: [1, 2 ** 53 - 1, -(2 ** 53 - 1)], ratio: 0.25, on: true, none: null })).toBeNull();
  });

  it('names the path of a NUL, an unpaired surrogate or an unsafe number, without the value', () => {
    expect(unsafeInputProblem({ a: { b: ['ok', 'x\u0000secret'] } })).toBe('/a/b/1: contains a NUL character');
    expect(unsafeInputProblem({ name: 'x\ud800' })).toBe('/name: contains an unpaired surrogate');
    expect(unsafeInputProblem({ name: '\udc00x' })).toBe('/name: contains an unpaired surrogate');
    expect(unsafeInputProblem({ roomId: 2 ** 53 })).toBe('/roomId: number outside the safe range');
    expect(unsafeInputProblem({ n: 1e308 })).toBe('/n: number outside the safe range');
    expect(unsafeInputProblem({ n: -(2 ** 53) })).toBe('/n: number outside the safe range');
    expect(unsafeInputProblem({ ['k\u0000secret']: 1 })).toBe('/: a field name contains a NUL character');
  });

  it('refuses nesting deeper than any legitimate body', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < MAX_BODY_DEPTH + 1; i++) deep = [deep];
    expect(unsafeInputProblem(deep)).toMatch(/nested more than/);
    let fine: unknown = 'leaf';
    for (let i = 0; i < MAX_BODY_DEPTH - 1; i++) fine = { a: fine };
    expect(unsafeInputProblem(fine)).toBeNull();
  });
});
