import { describe, expect, it } from 'vitest';
import { insertMention, mentionQuery, mentionedIds, splitMentions } from './mentions.ts';

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

describe('splitMentions', () => {
  it('marks each @Name of the mentioned names, the longest first, and leaves other @ words as text', () => {
    expect(splitMentions('Hi @Alice Chan and @Al, see @bob', ['Al', 'Alice Chan'])).toEqual([
      { kind: 'text', text: 'Hi ' },
      { kind: 'mention', text: '@Alice Chan' },
      { kind: 'text', text: ' and ' },
      { kind: 'mention', text: '@Al' },
      { kind: 'text', text: ', see @bob' },
    ]);
    expect(splitMentions('no names', [])).toEqual([{ kind: 'text', text: 'no names' }]);
  });
});
