import { describe, expect, it } from 'vitest';
import { insertMention, mentionQuery, mentionedIds } from './mentions.ts';

describe('mentions', () => {
  it('finds the query at the caret', () => {
    expect(mentionQuery('hi @al', 6)).toBe('al');
    expect(mentionQuery('@', 1)).toBe('');
    expect(mentionQuery('mail a@b', 8)).toBeNull();
    expect(mentionQuery('hi @al there', 12)).toBeNull();
  });

  it('inserts the picked name and keeps only mentions still in the text', () => {
    expect(insertMention('hi @al', 6, 'Alice Wong')).toEqual({ text: 'hi @Alice Wong ', caret: 15 });
    const picked = [
      { accountId: '1', name: 'Alice Wong' },
      { accountId: '2', name: 'Bob' },
    ];
    expect(mentionedIds('hi @Alice Wong and you', picked)).toEqual(['1']);
  });
});
