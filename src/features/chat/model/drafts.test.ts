import { describe, expect, it } from 'vitest';
import { clearDrafts, readDraft, writeDraft } from './drafts.ts';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
    key: (index: number) => [...map.keys()][index] ?? null,
    get length() {
      return map.size;
    },
  };
}

describe('drafts', () => {
  it('are kept per account and room, dropped when blank, and cleared for one account only', () => {
    const storage = memoryStorage();
    writeDraft('1', 'r1', 'half a thought', storage);
    writeDraft('1', 'r2', 'other room', storage);
    writeDraft('2', 'r1', 'someone else', storage);
    expect(readDraft('1', 'r1', storage)).toBe('half a thought');
    expect(readDraft('2', 'r2', storage)).toBe('');
    writeDraft('1', 'r2', '   ', storage);
    expect(readDraft('1', 'r2', storage)).toBe('');
    clearDrafts('1', storage);
    expect(readDraft('1', 'r1', storage)).toBe('');
    expect(readDraft('2', 'r1', storage)).toBe('someone else');
  });
});
