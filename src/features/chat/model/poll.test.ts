import { describe, expect, it } from 'vitest';
import { pollFrom } from './poll.ts';

describe('a new poll', () => {
  it('needs a topic and 2 to 8 filled options; blank options are dropped', () => {
    expect(pollFrom('  ', ['a', 'b'], false)).toEqual({ error: 'messages.pollTopicRequired' });
    expect(pollFrom('Lunch?', ['a', '  '], false)).toEqual({ error: 'messages.pollOptionsRange' });
    expect(pollFrom('Lunch?', Array.from({ length: 9 }, (_, i) => `o${i}`), false)).toEqual({ error: 'messages.pollOptionsRange' });
    expect(pollFrom(' Lunch? ', [' Noodles ', '', 'Rice'], true)).toEqual({ topic: 'Lunch?', options: ['Noodles', 'Rice'], isMultipleChoice: true });
  });
});
