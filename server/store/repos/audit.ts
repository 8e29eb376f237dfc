// Room audit records: who did what in a room, newest first, paged by lastRoomAuditInfoId.
import type { Queryable, Row } from '../db.ts';
import { idArray, onlyRow, textOrNull, toDate, toId, toIdOrNull, toIds } from './convert.ts';

export interface AuditRecord {
  id: number;
  roomId: number;
  actorId: number | null;
  actorName: string;
  action: string;
  actionTime: Date;
  message: string | null;
  messageIds: number[];
}

export interface NewAuditRecord {
  roomId: number;
  actorId: number | null;
  actorName: string;
  /** A stable code such as MEMBER_ADDED, POLICY_UPDATED, MESSAGE_RECALLED. */
  action: string;
  message?: string | null;
  messageIds?: readonly number[];
}

function toRecord(r: Row): AuditRecord {
  return {
    id: toId(r.id),
    roomId: toId(r.room_id),
    actorId: toIdOrNull(r.actor_id),
    actorName: String(r.actor_name),
    action: String(r.action),
    actionTime: toDate(r.action_time),
    message: textOrNull(r.message),
    messageIds: toIds(r.message_ids),
  };
}

export function auditRepo(q: Queryable) {
  return {
    async record(input: NewAuditRecord): Promise<AuditRecord> {
      const { rows } = await q.query(
        `INSERT INTO room_audit_records (room_id, actor_id, actor_name, action, message, message_ids)
         VALUES ($1, $2, $3, $4, $5, $6::bigint[]) RETURNING *`,
        [input.roomId, input.actorId, input.actorName, input.action, input.message ?? null, idArray(input.messageIds ?? [])],
      );
      return toRecord(onlyRow(rows));
    },

    /** getauditinfo: records older than `lastRoomAuditInfoId` (or the newest when null), newest first. */
    async list(roomId: number, lastRoomAuditInfoId: number | null, batchSize: number): Promise<{ records: AuditRecord[]; stillHaveData: boolean }> {
      const { rows } = await q.query(
        `SELECT * FROM room_audit_records WHERE room_id = $1 AND ($2::bigint IS NULL OR id < $2)
         ORDER BY id DESC LIMIT $3`,
        [roomId, lastRoomAuditInfoId, batchSize + 1],
      );
      return { records: rows.slice(0, batchSize).map(toRecord), stillHaveData: rows.length > batchSize };
    },

    async find(id: number): Promise<AuditRecord | null> {
      const { rows } = await q.query('SELECT * FROM room_audit_records WHERE id = $1', [id]);
      return rows[0] ? toRecord(rows[0]) : null;
    },
  };
}

export type AuditRepo = ReturnType<typeof auditRepo>;
