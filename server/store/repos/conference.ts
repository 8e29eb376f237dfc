// Conference rows: the conference, its participants with their answers, and the transitions it went through.
import type { Queryable, Row } from '../db.ts';
import { idArray, onlyRow, toDate, toDateOrNull, toId, toJson } from './convert.ts';
import type { ConferenceType } from '../../../generated/types/index.ts';

/** What is stored of a conference; services/conference/machine.ts moves between these. */
export type ConferenceStatus = 'CREATED' | 'RINGING' | 'ACCEPTED' | 'REJECTED' | 'BUSY' | 'CANCELLED' | 'STARTED' | 'ENDED';
export type ConferenceEvent = 'START' | 'STOP' | 'ACCEPT' | 'REJECT' | 'BUSY' | 'CANCEL';
export type Answer = 'PENDING' | 'ACCEPTED' | 'REJECTED' | 'BUSY';

export type ConferenceKind = 'INTERNAL' | 'EXTERNAL';
export type { ConferenceType };

export interface ConferenceRow {
  id: number;
  uuid: string;
  kind: ConferenceKind;
  conferenceType: ConferenceType;
  vcType: string;
  roomId: number;
  creatorId: number;
  status: ConferenceStatus;
  data: Record<string, unknown>;
  createdAt: Date;
  updatedAt: Date;
  startedAt: Date | null;
  endedAt: Date | null;
}

export interface Participant {
  accountId: number;
  role: 'CREATOR' | 'INVITEE';
  answer: Answer;
  answeredAt: Date | null;
}

function toConference(r: Row): ConferenceRow {
  return {
    id: toId(r.id),
    uuid: String(r.uuid),
    kind: String(r.kind) as ConferenceKind,
    conferenceType: String(r.conference_type) as ConferenceType,
    vcType: String(r.vc_type),
    roomId: toId(r.room_id),
    creatorId: toId(r.creator_id),
    status: String(r.status) as ConferenceStatus,
    data: toJson<Record<string, unknown>>(r.data ?? {}),
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.updated_at),
    startedAt: toDateOrNull(r.started_at),
    endedAt: toDateOrNull(r.ended_at),
  };
}

function toParticipant(r: Row): Participant {
  return {
    accountId: toId(r.account_id),
    role: String(r.role) as Participant['role'],
    answer: String(r.answer) as Answer,
    answeredAt: toDateOrNull(r.answered_at),
  };
}

export interface NewConference {
  uuid: string;
  kind: ConferenceKind;
  conferenceType: ConferenceType;
  vcType: string;
  roomId: number;
  creatorId: number;
  status: ConferenceStatus;
  inviteeIds: readonly number[];
  at: Date;
}

export function conferenceStore(q: Queryable) {
  const store = {
    /** The conference with its creator and invitees, and its first transition. */
    async create(input: NewConference): Promise<ConferenceRow> {
      const { rows } = await q.query(
        `INSERT INTO conferences (uuid, kind, conference_type, vc_type, room_id, creator_id, status, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING *`,
        [input.uuid, input.kind, input.conferenceType, input.vcType, input.roomId, input.creatorId, input.status, input.at],
      );
      const conference = toConference(onlyRow(rows));
      await q.query(
        `INSERT INTO conference_participants (conference_id, account_id, role, answer)
         VALUES ($1, $2, 'CREATOR', 'ACCEPTED')`,
        [conference.id, input.creatorId],
      );
      await q.query(
        `INSERT INTO conference_participants (conference_id, account_id, role, answer)
         SELECT $1, a, 'INVITEE', 'PENDING' FROM unnest($2::bigint[]) AS a`,
        [conference.id, idArray(input.inviteeIds)],
      );
      await store.recordTransition(conference.id, null, input.status, 'CREATE', input.creatorId, input.at);
      return conference;
    },

    /** Locks the conference row until the end of the transaction. */
    async findByUuidForUpdate(uuid: string): Promise<ConferenceRow | null> {
      const { rows } = await q.query('SELECT * FROM conferences WHERE uuid = $1 FOR UPDATE', [uuid]);
      return rows[0] ? toConference(rows[0]) : null;
    },

    async findByUuid(uuid: string): Promise<ConferenceRow | null> {
      const { rows } = await q.query('SELECT * FROM conferences WHERE uuid = $1', [uuid]);
      return rows[0] ? toConference(rows[0]) : null;
    },

    async participants(conferenceId: number): Promise<Participant[]> {
      const { rows } = await q.query(
        'SELECT * FROM conference_participants WHERE conference_id = $1 ORDER BY role, account_id',
        [conferenceId],
      );
      return rows.map(toParticipant);
    },

    async setAnswer(conferenceId: number, accountId: number, answer: Answer, at: Date): Promise<void> {
      await q.query(
        'UPDATE conference_participants SET answer = $3, answered_at = $4 WHERE conference_id = $1 AND account_id = $2',
        [conferenceId, accountId, answer, at],
      );
    },

    async setStatus(conference: ConferenceRow, status: ConferenceStatus, event: ConferenceEvent, actorId: number, at: Date): Promise<void> {
      if (status === conference.status) {
        await store.recordTransition(conference.id, conference.status, status, event, actorId, at);
        return;
      }
      await q.query(
        `UPDATE conferences SET status = $2, updated_at = $3,
           started_at = CASE WHEN $2 = 'STARTED' THEN $3 ELSE started_at END,
           ended_at = CASE WHEN $2 IN ('ENDED', 'CANCELLED', 'REJECTED', 'BUSY') THEN $3 ELSE ended_at END
         WHERE id = $1`,
        [conference.id, status, at],
      );
      await store.recordTransition(conference.id, conference.status, status, event, actorId, at);
    },

    async recordTransition(
      conferenceId: number,
      from: ConferenceStatus | null,
      to: ConferenceStatus,
      event: string,
      actorId: number,
      at: Date,
    ): Promise<void> {
      await q.query(
        'INSERT INTO conference_transitions (conference_id, from_status, to_status, event, actor_id, at) VALUES ($1, $2, $3, $4, $5, $6)',
        [conferenceId, from, to, event, actorId, at],
      );
    },

    async transitions(conferenceId: number): Promise<{ from: string | null; to: string; event: string; actorId: number }[]> {
      const { rows } = await q.query('SELECT * FROM conference_transitions WHERE conference_id = $1 ORDER BY id', [conferenceId]);
      return rows.map((r) => ({
        from: r.from_status === null ? null : String(r.from_status),
        to: String(r.to_status),
        event: String(r.event),
        actorId: toId(r.actor_id),
      }));
    },

    /** gethistory: the account's conferences, newest first, each with every participant's id. */
    async historyOf(accountId: number, limit: number): Promise<(ConferenceRow & { accountIds: number[] })[]> {
      const { rows } = await q.query(
        `SELECT c.*, (SELECT array_agg(p.account_id ORDER BY p.account_id) FROM conference_participants p WHERE p.conference_id = c.id) AS account_ids
         FROM conferences c JOIN conference_participants me ON me.conference_id = c.id AND me.account_id = $1
         ORDER BY c.id DESC LIMIT $2`,
        [accountId, limit],
      );
      return rows.map((r) => ({ ...toConference(r), accountIds: Array.isArray(r.account_ids) ? r.account_ids.map(toId) : [] }));
    },
  };
  return store;
}

export type ConferenceStore = ReturnType<typeof conferenceStore>;
