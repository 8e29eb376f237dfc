import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { POLL_OPTION_MAX_LENGTH, POLL_TOPIC_MAX_LENGTH, pollFrom } from './poll.ts';

describe('a new poll', () => {
  it('needs a topic and 2 to 8 filled options; blank options are dropped', () => {
    expect(pollFrom('  ', ['a', 'b'], false)).toEqual({ error: 'messages.pollTopicRequired' });
    expect(pollFrom('Lunch?', ['a', '  '], false)).toEqual({ error: 'messages.pollOptionsRange' });
    expect(pollFrom('Lunch?', Array.from({ length: 9 }, (_, i) => `o${i}`), false)).toEqual({ error: 'messages.pollOptionsRange' });
    expect(pollFrom(' Lunch? ', [' Noodles ', '', 'Rice'], true)).toEqual({ topic: 'Lunch?', options: ['Noodles', 'Rice'], isMultipleChoice: true });
  });

  it('refuses a topic or an option longer than the server takes, naming the option; emoji count as one character', () => {
    expect(pollFrom('T'.repeat(501), ['a', 'b'], false)).toEqual({ error: 'messages.pollTopicTooLong', params: { max: 500 } });
    expect(pollFrom('Lunch?', ['a', 'b', 'O'.repeat(201)], false)).toEqual({ error: 'messages.pollOptionTooLong', params: { number: 3, max: 200 } });
    const emoji = '😀'.repeat(200); // 400 UTF-16 units, 200 characters
    expect(pollFrom('😀'.repeat(500), [emoji, ` ${'O'.repeat(200)} `], false)).toEqual({ topic: '😀'.repeat(500), options: [emoji, 'O'.repeat(200)], isMultipleChoice: false });
  });

  it("keeps the limits of the send call's schema", () => {
    const schema = JSON.parse(readFileSync(new URL('../../../../schema/entities/message.json', import.meta.url), 'utf8')) as {
      definitions: { PollingCreate: { properties: { topic: { maxLength: number }; options: { items: { maxLength: number } } } } };
    };
    const { topic, options } = schema.definitions.PollingCreate.properties;
    expect([topic.maxLength, options.items.maxLength]).toEqual([POLL_TOPIC_MAX_LENGTH, POLL_OPTION_MAX_LENGTH]);
  });
});
