import { describe, expect, it } from 'vitest';
import { idOrNull, parseId, parseIds, parseOptionalId } from './wire-ids.ts';

describe('wire ids', () => {
  it('reads decimal ids and refuses every other spelling with INVALID_INPUT', () => {
    expect(parseId('42', 'roomId')).toBe(42);
    expect(parseId('9007199254740991', 'roomId')).toBe(Number.MAX_SAFE_INTEGER);
    for (const bad of ['', '0', '042', '-1', '+1', '1e3', '1.0', ' 1', '1 ', '0x1f', '١٢', '9007199254740993', '99999999999999999', '1\u0000']) {
      expect(() => parseId(bad, 'roomId'), JSON.stringify(bad)).toThrow(/INVALID_INPUT/);
      expect(idOrNull(bad), JSON.stringify(bad)).toBeNull();
    }
  });

  it('reads lists once per id and optional ids as null when absent', () => {
    expect(parseIds(['3', '3', '4'], 'ids')).toEqual([3, 4]);
    expect(() => parseIds(['3', 'x'], 'ids')).toThrow(/INVALID_INPUT/);
    expect(parseOptionalId(undefined, 'replyMessageId')).toBeNull();
    expect(parseOptionalId('7', 'replyMessageId')).toBe(7);
  });
});
