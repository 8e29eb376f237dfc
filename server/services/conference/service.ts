// Conference operations: each state change runs in one transaction (conference row locked, transition
// checked by machine.ts, recorded), then the participants are notified on their reply queues.
import { randomUUID } from 'node:crypto';
import type * as T from '../../../generated/types/index.ts';
import type { ServerContext } from '../../context.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AuthenticatedSession } from '../../http/types.ts';
import type { Queryable } from '../../store/db.ts';
import { parseId } from '../../http/wire-ids.ts';
import { requireRoom } from '../messages/store.ts';
import { requireMember } from '../room-access.ts';
import { notificationOf } from '../notifier.ts';
import { Outbox } from '../rooms/context.ts';

type ConferenceNotifyType = 'CONFERENCE_CREATE' | 'CONFERENCE_CALL' | 'CONFERENCE_CANCEL' | 'CONFERENCE_REJECT' | 'CONFERENCE_ACCEPT';
import { answerOf, IllegalTransition, JOINABLE_STATUSES, nextStatus, type ConferenceEvent } from './machine.ts';
import { conferenceStore, type ConferenceRow, type ConferenceType, type Participant } from '../../store/repos/conference.ts';
import { mintJoinToken, signingKey } from './token.ts';

/** vcType of the conferences this server runs itself (its own signalling plus a media server). */
export const VC_TYPE = 'CHATGEN';
const HISTORY_LIMIT = 100;

type Caller = Pick<AuthenticatedSession, 'accountId'>;

const conferenceInfo = (c: ConferenceRow): T.ConferenceInfo => ({ meetingId: c.uuid });

/** The state a client sees in `data` of the external calls and of notifications. */
function stateData(c: ConferenceRow, participants: readonly Participant[]): Record<string, unknown> {
  return {
    status: c.status,
    conferenceType: c.conferenceType,
    roomId: String(c.roomId),
    creatorId: String(c.creatorId),
    participants: participants.map((p) => ({ accountId: String(p.accountId), role: p.role, answer: p.answer })),
    ...(c.startedAt ? { startedAt: c.startedAt.getTime() } : {}),
    ...(c.endedAt ? { endedAt: c.endedAt.getTime() } : {}),
  };
}

function response(c: ConferenceRow, participants: readonly Participant[]): T.ConferenceResponse {
  return { vcType: c.vcType, refId: c.uuid, conferenceInfo: conferenceInfo(c), data: stateData(c, participants) };
}

function notify(
  outbox: Outbox,
  notifyType: ConferenceNotifyType,
  c: ConferenceRow,
  participants: readonly Participant[],
  actorId: number,
  to: readonly number[],
  extra: Record<string, unknown> = {},
): void {
  outbox.toAccounts(
    to,
    notificationOf(notifyType, {
    senderId: String(actorId),
    dataId: c.uuid,
    roomId: String(c.roomId),
    data: {
      uuid: c.uuid,
      type: c.conferenceType,
      vcType: c.vcType,
      refId: c.uuid,
      creatorId: String(c.creatorId),
      conferenceInfo: conferenceInfo(c),
      data: { ...stateData(c, participants), accountId: String(actorId), ...extra },
    },
  }),
  );
}

async function inTransaction<R>(ctx: ServerContext, work: (tx: Queryable, outbox: Outbox) => Promise<R>): Promise<R> {
  const outbox = new Outbox();
  const result = await ctx.db.transaction((tx) => work(tx, outbox));
  await outbox.flush(ctx.notifier, ctx.log);
  return result;
}

/** The conference and the caller's place in it; unknown conferences and outsiders get NOT_FOUND alike. */
async function participantView(q: Queryable, uuid: string, caller: Caller, lock: boolean) {
  const store = conferenceStore(q);
  const conference = lock ? await store.findByUuidForUpdate(uuid) : await store.findByUuid(uuid);
  if (!conference) throw new ApiError('NOT_FOUND', `conference ${uuid}`);
  const participants = await store.participants(conference.id);
  const me = participants.find((p) => p.accountId === caller.accountId);
  if (!me) throw new ApiError('NOT_FOUND', `conference ${uuid}`);
  return { store, conference, participants, me };
}

function transition(c: ConferenceRow, event: ConferenceEvent, participants: readonly Participant[], actor: Participant) {
  try {
    const answers =
      event === 'ACCEPT' || event === 'REJECT' || event === 'BUSY'
        ? {
            actorAnswer: actor.answer,
            otherAnswers: participants.filter((p) => p.role === 'INVITEE' && p.accountId !== actor.accountId).map((p) => p.answer),
          }
        : undefined;
    return nextStatus(c.status, event, answers);
  } catch (error) {
    if (error instanceof IllegalTransition) throw new ApiError('CONFLICT', error.message);
    throw error;
  }
}

/** Invitees must be members of the room; the caller is the creator. */
async function openConference(
  ctx: ServerContext,
  caller: Caller,
  input: { roomId: string; type: ConferenceType; kind: 'INTERNAL' | 'EXTERNAL'; accountIds: readonly string[] | null },
) {
  const roomId = parseId(input.roomId, 'roomId');
  await requireRoom(ctx, roomId);
  await requireMember(ctx, roomId, caller.accountId);
  const members = await ctx.repos.members.activeAccountIds(roomId);
  const wanted = input.accountIds === null ? members : [...new Set(input.accountIds.map((id) => parseId(id, 'accountIds')))];
  const outsiders = wanted.filter((id) => !members.includes(id));
  if (outsiders.length > 0) throw new ApiError('NOT_ROOM_MEMBER', `not members of the room: ${outsiders.join(', ')}`);
  const invitees = wanted.filter((id) => id !== caller.accountId);
  if (invitees.length === 0) throw new ApiError('INVALID_INPUT', 'nobody to call: name other members of the room');

  return inTransaction(ctx, async (tx, outbox) => {
    const store = conferenceStore(tx);
    const status = input.kind === 'INTERNAL' ? 'CREATED' : 'RINGING';
    const conference = await store.create({
      uuid: randomUUID(),
      kind: input.kind,
      conferenceType: input.type,
      vcType: VC_TYPE,
      roomId,
      creatorId: caller.accountId,
      status,
      inviteeIds: invitees,
      at: ctx.now(),
    });
    const participants = await store.participants(conference.id);
    const everyone = participants.map((p) => p.accountId);
    notify(outbox, 'CONFERENCE_CREATE', conference, participants, caller.accountId, everyone);
    if (input.kind === 'EXTERNAL') notify(outbox, 'CONFERENCE_CALL', conference, participants, caller.accountId, invitees);
    return { conference, participants };
  });
}

export async function createConference(ctx: ServerContext, caller: Caller, body: T.CreateConferenceRequest): Promise<T.CreateConferenceResponse> {
  const { conference } = await openConference(ctx, caller, { roomId: body.roomId, type: body.type, kind: 'INTERNAL', accountIds: body.accountIds });
  return { uuid: conference.uuid, conferenceInfo: conferenceInfo(conference) };
}

/** external/create: rings every other member of the room. */
export async function createExternalConference(
  ctx: ServerContext,
  caller: Caller,
  body: T.CreateExternalConferenceRequest,
): Promise<T.ConferenceResponse> {
  const { conference, participants } = await openConference(ctx, caller, {
    roomId: body.roomId,
    type: body.conferenceType,
    kind: 'EXTERNAL',
    accountIds: null,
  });
  return response(conference, participants);
}

/** A signed, expiring join token for the media server. */
export async function tokenAndInfo(ctx: ServerContext, caller: Caller, uuid: string): Promise<T.GetConferenceTokenAndInfoResponse> {
  const { conference, me } = await participantView(ctx.db, uuid, caller, false);
  if (!JOINABLE_STATUSES.has(conference.status)) throw new ApiError('CONFLICT', `the conference is ${conference.status}`);
  if (conference.kind === 'EXTERNAL' && me.answer !== 'ACCEPTED') throw new ApiError('FORBIDDEN', 'answer the call first');
  const key = await ctx.db.transaction((tx) => signingKey(tx));
  const token = mintJoinToken(
    key,
    { sub: String(caller.accountId), conf: conference.uuid, room: String(conference.roomId), media: conference.conferenceType },
    ctx.now(),
  );
  return { uuid: conference.uuid, token, conferenceInfo: conferenceInfo(conference) };
}

/** start and stop (any participant who takes part); cancel (the creator, while it rings). */
export async function changeStatus(ctx: ServerContext, caller: Caller, uuid: string, event: 'START' | 'STOP' | 'CANCEL'): Promise<void> {
  await inTransaction(ctx, async (tx, outbox) => {
    const { store, conference, participants, me } = await participantView(tx, uuid, caller, true);
    if (event === 'CANCEL' && me.role !== 'CREATOR') throw new ApiError('FORBIDDEN', 'only the caller cancels a call');
    if (event !== 'CANCEL' && me.answer !== 'ACCEPTED' && conference.kind === 'EXTERNAL') {
      throw new ApiError('FORBIDDEN', 'answer the call first');
    }
    const status = transition(conference, event, participants, me);
    await store.setStatus(conference, status, event, caller.accountId, ctx.now());
    if (event === 'CANCEL') {
      const after = { ...conference, status };
      const invitees = participants.filter((p) => p.role === 'INVITEE').map((p) => p.accountId);
      notify(outbox, 'CONFERENCE_CANCEL', after, participants, caller.accountId, [caller.accountId, ...invitees]);
    }
  });
}

/** accept, reject and busy of an invitee; the creator and every invitee hear the answer. */
export async function answerCall(
  ctx: ServerContext,
  caller: Caller,
  body: { vcType: string; creatorId: string; refId: string; data?: Record<string, unknown> },
  event: 'ACCEPT' | 'REJECT' | 'BUSY',
): Promise<T.ConferenceResponse> {
  return inTransaction(ctx, async (tx, outbox) => {
    const { store, conference, participants, me } = await participantView(tx, body.refId, caller, true);
    if (conference.vcType !== body.vcType || String(conference.creatorId) !== body.creatorId) {
      throw new ApiError('NOT_FOUND', `conference ${body.refId}`);
    }
    if (me.role === 'CREATOR') throw new ApiError('FORBIDDEN', 'the caller does not answer their own call');
    const status = transition(conference, event, participants, me);
    const at = ctx.now();
    await store.setAnswer(conference.id, caller.accountId, answerOf(event), at);
    await store.setStatus(conference, status, event, caller.accountId, at);
    const after = (await store.findByUuid(conference.uuid)) ?? conference;
    const now = await store.participants(conference.id);
    const extra = event === 'BUSY' ? { reason: 'BUSY' } : event === 'REJECT' ? { reason: 'REJECTED' } : {};
    const notifyType: ConferenceNotifyType = event === 'ACCEPT' ? 'CONFERENCE_ACCEPT' : 'CONFERENCE_REJECT';
    notify(outbox, notifyType, after, now, caller.accountId, now.map((p) => p.accountId), { ...extra, ...(body.data ? { callerData: body.data } : {}) });
    return response(after, now);
  });
}

export async function externalInfo(ctx: ServerContext, caller: Caller, vcType: string, refId: string): Promise<T.ConferenceResponse> {
  const { conference, participants } = await participantView(ctx.db, refId, caller, false);
  if (conference.vcType !== vcType) throw new ApiError('NOT_FOUND', `conference ${refId}`);
  return response(conference, participants);
}

export async function history(ctx: ServerContext, caller: Caller): Promise<T.GetConferenceHistoryResponse> {
  const rows = await conferenceStore(ctx.db).historyOf(caller.accountId, HISTORY_LIMIT);
  return {
    conferences: rows.map((c) => ({
      uuid: c.uuid,
      type: c.conferenceType,
      roomId: String(c.roomId),
      accountIds: c.accountIds.map(String) as T.Conference['accountIds'],
      createDate: c.createdAt.getTime(),
    })),
  };
}

