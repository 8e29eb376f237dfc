// A new poll from the form: the topic is required and 2 to 8 filled options (the seed's rule, checked here so
// the user reads the seed's text before anything is sent; the server checks it again).
import type { PollingCreate } from '@generated/types/index';

export const POLL_MIN_OPTIONS = 2;
export const POLL_MAX_OPTIONS = 8;

/** The poll to send, or the key of the text saying what is wrong. */
export function pollFrom(topic: string, options: readonly string[], multiple: boolean): PollingCreate | { error: 'messages.pollTopicRequired' | 'messages.pollOptionsRange' } {
  if (topic.trim() === '') return { error: 'messages.pollTopicRequired' };
  const filled = options.map((option) => option.trim()).filter((option) => option !== '');
  if (filled.length < POLL_MIN_OPTIONS || filled.length > POLL_MAX_OPTIONS) return { error: 'messages.pollOptionsRange' };
  return { topic: topic.trim(), options: filled as PollingCreate['options'], isMultipleChoice: multiple };
}
