import { describe, expect, it } from 'vitest';
import { sizeParts } from './fileSize.ts';

describe('file size', () => {
  it('is a number in the nearest unit', () => {
    expect(sizeParts(2048)).toEqual({ unit: 'kb', value: '2.0' });
  });
});
