import { describe, expect, it } from 'vitest';
import { nonEmpty } from './non-empty.ts';

describe('nonEmpty', () => {
  it('is null for an empty list', () => {
    expect(nonEmpty([])).toBeNull();
  });

  it('is a copy of a list with items, in order', () => {
    const ids = ['a', 'b', 'c'];
    const list = nonEmpty(ids);
    expect(list).toEqual(['a', 'b', 'c']);
    expect(list).not.toBe(ids);
    expect(nonEmpty([''])).toEqual(['']); // an empty string is still an item
  });
});
