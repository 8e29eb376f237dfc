// A new poll from the form: the topic is required and 2 to 8 filled options (the seed's rule, checked here so
// the user reads the seed's text before anything is sent; the server checks it again). The topic and each option
// also keep to the lengths the send call takes (PollingCreate in schema/entities/message.json), or the server
// refuses the whole poll and the form could only say that the action failed.
import type { PollingCreate } from '@generated/types/index';

export const POLL_MIN_OPTIONS = 2;
export const POLL_MAX_OPTIONS = 8;
/** Characters (code points, as the server's schema counts them). */
export const POLL_TOPIC_MAX_LENGTH = 500;
export const POLL_OPTION_MAX_LENGTH = 200;

export type PollProblem =
  | { error: 'messages.pollTopicRequired' | 'messages.pollOptionsRange' }
  | { error: 'messages.pollTopicTooLong'; params: { max: number } }
  | { error: 'messages.pollOptionTooLong'; params: { number: number; max: number } };

const lengthOf = (text: string) => [...text].length;

/** The poll to send, or the key (and values) of the text saying what is wrong. */
export function pollFrom(topic: string, options: readonly string[], multiple: boolean): PollingCreate | PollProblem {
  if (topic.trim() === '') return { error: 'messages.pollTopicRequired' };
  if (lengthOf(topic.trim()) > POLL_TOPIC_MAX_LENGTH) return { error: 'messages.pollTopicTooLong', params: { max: POLL_TOPIC_MAX_LENGTH } };
  const tooLong = options.findIndex((option) => lengthOf(option.trim()) > POLL_OPTION_MAX_LENGTH);
  if (tooLong >= 0) return { error: 'messages.pollOptionTooLong', params: { number: tooLong + 1, max: POLL_OPTION_MAX_LENGTH } };
  const filled = options.map((option) => option.trim()).filter((option) => option !== '');
  if (filled.length < POLL_MIN_OPTIONS || filled.length > POLL_MAX_OPTIONS) return { error: 'messages.pollOptionsRange' };
  return { topic: topic.trim(), options: filled as PollingCreate['options'], isMultipleChoice: multiple };
}
