// Room events: dated entries (title, content, start and end) shown in a room's info.
import type { Queryable, Row } from '../db.ts';
import { onlyRow, textOrNull, toDate, toDateOrNull, toId, toIdOrNull } from './convert.ts';

export interface RoomEvent {
  id: number;
  roomId: number;
  title: string;
  content: string | null;
  startTs: Date;
  endTs: Date | null;
  createdBy: number | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface RoomEventInput {
  roomId: number;
  title: string;
  content?: string | null;
  startTs: Date;
  endTs?: Date | null;
  createdBy?: number | null;
}

function toEvent(r: Row): RoomEvent {
  return {
    id: toId(r.id),
    roomId: toId(r.room_id),
    title: String(r.title),
    content: textOrNull(r.content),
    startTs: toDate(r.start_ts),
    endTs: toDateOrNull(r.end_ts),
    createdBy: toIdOrNull(r.created_by),
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.updated_at),
  };
}

export function eventsRepo(q: Queryable) {
  return {
    async create(input: RoomEventInput): Promise<RoomEvent> {
      const { rows } = await q.query(
        'INSERT INTO room_events (room_id, title, content, start_ts, end_ts, created_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *',
        [input.roomId, input.title, input.content ?? null, input.startTs, input.endTs ?? null, input.createdBy ?? null],
      );
      return toEvent(onlyRow(rows));
    },

    /** saveroomevent with an eventId; null if the event is unknown, deleted or of another room. */
    async update(id: number, input: Omit<RoomEventInput, 'createdBy'>): Promise<RoomEvent | null> {
      const { rows } = await q.query(
        `UPDATE room_events SET title = $3, content = $4, start_ts = $5, end_ts = $6, updated_at = now()
         WHERE id = $1 AND room_id = $2 AND deleted_at IS NULL RETURNING *`,
        [id, input.roomId, input.title, input.content ?? null, input.startTs, input.endTs ?? null],
      );
      return rows[0] ? toEvent(rows[0]) : null;
    },

    async find(id: number): Promise<RoomEvent | null> {
      const { rows } = await q.query('SELECT * FROM room_events WHERE id = $1 AND deleted_at IS NULL', [id]);
      return rows[0] ? toEvent(rows[0]) : null;
    },

    async delete(id: number): Promise<boolean> {
      const { rowCount } = await q.query('UPDATE room_events SET deleted_at = now() WHERE id = $1 AND deleted_at IS NULL', [id]);
      return rowCount > 0;
    },

    async list(roomId: number): Promise<RoomEvent[]> {
      const { rows } = await q.query('SELECT * FROM room_events WHERE room_id = $1 AND deleted_at IS NULL ORDER BY start_ts, id', [roomId]);
      return rows.map(toEvent);
    },
  };
}

export type EventsRepo = ReturnType<typeof eventsRepo>;
