// The conference state machine (docs/server-services.md). Pure: given the conference's status, the
// event and the invitees' answers, it returns the next status or refuses the transition.
//
//   conference/create ──────────► CREATED ──start──► STARTED ──stop──► ENDED
//                                    └──────stop─────────────────────► ENDED
//   conference/external/create ─► RINGING ──accept──► ACCEPTED ──start──► STARTED ──stop──► ENDED
//                                    │                   └──────stop─────────────────────► ENDED
//                                    ├──cancel (creator)──► CANCELLED
//                                    └──reject / busy by the last pending invitee──► REJECTED / BUSY
//
// REJECTED, BUSY, CANCELLED and ENDED are final. An invitee answers once (accept, reject or busy), while
// the call rings or once it is under way (joining late); a second answer is refused.

import type { Answer, ConferenceEvent, ConferenceStatus } from '../../store/repos/conference.ts';

export type { Answer, ConferenceEvent, ConferenceStatus };

export const FINAL_STATUSES: ReadonlySet<ConferenceStatus> = new Set(['REJECTED', 'BUSY', 'CANCELLED', 'ENDED']);

/** Statuses in which a participant may fetch a media join token. */
export const JOINABLE_STATUSES: ReadonlySet<ConferenceStatus> = new Set(['CREATED', 'RINGING', 'ACCEPTED', 'STARTED']);

/** Why a transition is refused. */
export class IllegalTransition extends Error {
  constructor(
    readonly status: ConferenceStatus,
    readonly event: ConferenceEvent,
    readonly reason: string,
  ) {
    super(`${event} is not allowed in ${status}: ${reason}`);
  }
}

export interface AnswerState {
  /** The answer of the invitee who acts (answer events only). */
  actorAnswer: Answer;
  /** Answers of the other invitees. */
  otherAnswers: readonly Answer[];
}

const SIMPLE: Readonly<Record<ConferenceStatus, Partial<Record<'START' | 'STOP' | 'CANCEL', ConferenceStatus>>>> = {
  CREATED: { START: 'STARTED', STOP: 'ENDED' },
  RINGING: { CANCEL: 'CANCELLED' },
  ACCEPTED: { START: 'STARTED', STOP: 'ENDED' },
  STARTED: { STOP: 'ENDED' },
  REJECTED: {},
  BUSY: {},
  CANCELLED: {},
  ENDED: {},
};

/** The status after `event`; throws IllegalTransition when the event is not allowed now. */
export function nextStatus(status: ConferenceStatus, event: ConferenceEvent, answers?: AnswerState): ConferenceStatus {
  if (FINAL_STATUSES.has(status)) throw new IllegalTransition(status, event, 'the conference is over');
  if (event === 'START' || event === 'STOP' || event === 'CANCEL') {
    const next = SIMPLE[status][event];
    if (!next) throw new IllegalTransition(status, event, 'no such transition');
    return next;
  }
  if (status === 'CREATED') throw new IllegalTransition(status, event, 'a conference that was not called cannot be answered');
  if (!answers || answers.actorAnswer !== 'PENDING') throw new IllegalTransition(status, event, 'the call was already answered');
  if (event === 'ACCEPT') return status === 'RINGING' ? 'ACCEPTED' : status;
  // A decline ends a ringing call only when nobody is left to answer and nobody accepted.
  if (status !== 'RINGING' || answers.otherAnswers.some((a) => a === 'PENDING' || a === 'ACCEPTED')) return status;
  const declines = [...answers.otherAnswers, event === 'BUSY' ? 'BUSY' : 'REJECTED'];
  return declines.every((a) => a === 'BUSY') ? 'BUSY' : 'REJECTED';
}

/** The answer an invitee's event records. */
export function answerOf(event: 'ACCEPT' | 'REJECT' | 'BUSY'): Answer {
  return event === 'ACCEPT' ? 'ACCEPTED' : event === 'REJECT' ? 'REJECTED' : 'BUSY';
}
