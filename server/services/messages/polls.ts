// Polls of POLLING messages. The poll travels in clear (docs/api.md) so the server can count votes.
// pollingChecksum is a hash of the current vote state; a vote that names an older state is refused.
import { createHash } from 'node:crypto';
import type { MessagePolling, PollingCreate } from '../../../generated/types/index.ts';
import { ApiError } from '../../http/api-error.ts';

export interface StoredPollOption {
  optionId: string;
  text: string;
  voterAccountIds: number[];
}

export interface StoredPoll {
  topic: string;
  isMultipleChoice: boolean;
  options: StoredPollOption[];
}

export const POLL_MIN_OPTIONS = 2;
export const POLL_MAX_OPTIONS = 8;

/** A new poll from the send payload: topic required, 2 to 8 options. */
export function newPoll(create: PollingCreate | undefined): StoredPoll {
  const topic = create?.topic.trim() ?? '';
  if (topic === '') throw new ApiError('POLL_TOPIC_REQUIRED');
  const texts = (create?.options ?? []).map((text) => text.trim());
  if (texts.length < POLL_MIN_OPTIONS || texts.length > POLL_MAX_OPTIONS || texts.some((t) => t === '')) {
    throw new ApiError('POLL_OPTIONS_RANGE');
  }
  return {
    topic,
    isMultipleChoice: create?.isMultipleChoice === true,
    options: texts.map((text, i) => ({ optionId: String(i + 1), text, voterAccountIds: [] })),
  };
}

/** A forwarded poll starts again without votes. */
export const resetPoll = (poll: StoredPoll): StoredPoll => ({ ...poll, options: poll.options.map((o) => ({ ...o, voterAccountIds: [] })) });

/** The stored JSON back as a poll; null when the message has none. */
export function readPoll(value: unknown): StoredPoll | null {
  if (typeof value !== 'object' || value === null) return null;
  const poll = value as Partial<StoredPoll>;
  if (typeof poll.topic !== 'string' || !Array.isArray(poll.options)) return null;
  return {
    topic: poll.topic,
    isMultipleChoice: poll.isMultipleChoice === true,
    options: poll.options.map((o) => ({ optionId: String(o.optionId), text: String(o.text), voterAccountIds: (o.voterAccountIds ?? []).map(Number) })),
  };
}

/** SHA-256 (hex) of the vote state: each option with its sorted voters. */
export function pollChecksum(poll: StoredPoll): string {
  const state = poll.options.map((o) => [o.optionId, [...o.voterAccountIds].sort((a, b) => a - b)]);
  return createHash('sha256').update(JSON.stringify([poll.topic, poll.isMultipleChoice, state]), 'utf8').digest('hex');
}

/** Casts (vote true) or withdraws a vote. A single-choice poll moves the voter's vote to the new option. */
export function applyVote(poll: StoredPoll, accountId: number, optionId: string, vote: boolean): StoredPoll {
  if (!poll.options.some((o) => o.optionId === optionId)) throw new ApiError('INVALID_INPUT', `no poll option ${optionId}`);
  return {
    ...poll,
    options: poll.options.map((o) => {
      const others = o.voterAccountIds.filter((id) => id !== accountId);
      if (o.optionId === optionId) return { ...o, voterAccountIds: vote ? [...others, accountId] : others };
      return vote && !poll.isMultipleChoice ? { ...o, voterAccountIds: others } : o;
    }),
  };
}

export function wirePoll(poll: StoredPoll, viewerId: number | null): MessagePolling {
  const options = poll.options.map((o) => ({
    optionId: o.optionId,
    text: o.text,
    votes: o.voterAccountIds.length,
    voterAccountIds: o.voterAccountIds.map(String),
    ...(viewerId === null ? {} : { isVotedByYou: o.voterAccountIds.includes(viewerId) }),
  }));
  return {
    topic: poll.topic,
    options: options as MessagePolling['options'],
    isMultipleChoice: poll.isMultipleChoice,
    totalVotes: poll.options.reduce((sum, o) => sum + o.voterAccountIds.length, 0),
    pollingChecksum: pollChecksum(poll),
  };
}
