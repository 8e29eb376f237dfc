// Room policies: each room's copy of the policy table, started from the defaults of its room type.
import type { Queryable, Row } from '../db.ts';
import { idArray, toId } from './convert.ts';
import type { RoomType } from './rooms.ts';

export type PolicyType = 'ROLE' | 'BOOLEAN' | 'NUMBER';

/** The seed's policy entry (attr, value, type, allowEdit, attrGrp, seq); values are text as on the wire. */
export interface PolicyEntry {
  attr: string;
  value: string;
  type: PolicyType;
  allowEdit: boolean;
  attrGrp: string;
  seq: number;
}

/** Member-role values of ROLE policies. */
export const POLICY_ROLE = { NO_ONE: '0', ALL: '1', ADMIN: '2', ROLE: '3' } as const;

export interface PolicyUpdateResult {
  updated: PolicyEntry[];
  /** Attributes left unchanged: unknown to the room, not editable (allowEdit false) or a value of the wrong kind. */
  refused: string[];
}

export function toPolicyEntry(r: Row): PolicyEntry {
  return {
    attr: String(r.attr),
    value: String(r.value),
    type: String(r.type) as PolicyType,
    allowEdit: r.allow_edit === true,
    attrGrp: String(r.attr_grp),
    seq: Number(r.seq),
  };
}

// The '*' rows overridden by the room type's own rows.
const DEFAULTS_FOR_TYPE = `SELECT DISTINCT ON (attr) attr, value, type, allow_edit, attr_grp, seq
  FROM default_room_policies WHERE room_type IN ('*', $1)
  ORDER BY attr, (room_type = '*')`;

export function policiesRepo(q: Queryable) {
  return {
    async defaultsFor(roomType: RoomType): Promise<PolicyEntry[]> {
      const { rows } = await q.query(`SELECT * FROM (${DEFAULTS_FOR_TYPE}) d ORDER BY seq, attr`, [roomType]);
      return rows.map(toPolicyEntry);
    },

    /** Gives a new room its policy table. Existing entries are kept. */
    async applyDefaults(roomId: number, roomType: RoomType): Promise<void> {
      await q.query(
        `INSERT INTO room_policies (room_id, attr, value, type, allow_edit, attr_grp, seq)
         SELECT $2, attr, value, type, allow_edit, attr_grp, seq FROM (${DEFAULTS_FOR_TYPE}) d
         ON CONFLICT (room_id, attr) DO NOTHING`,
        [roomType, roomId],
      );
    },

    async list(roomId: number): Promise<PolicyEntry[]> {
      const { rows } = await q.query('SELECT * FROM room_policies WHERE room_id = $1 ORDER BY seq, attr', [roomId]);
      return rows.map(toPolicyEntry);
    },

    async get(roomId: number, attr: string): Promise<PolicyEntry | null> {
      const { rows } = await q.query('SELECT * FROM room_policies WHERE room_id = $1 AND attr = $2', [roomId, attr]);
      return rows[0] ? toPolicyEntry(rows[0]) : null;
    },

    /** updateroompolicy: changes the editable entries; the rest are reported as refused. */
    async update(roomId: number, changes: readonly { attr: string; value: string }[]): Promise<PolicyUpdateResult> {
      const updated: PolicyEntry[] = [];
      const refused: string[] = [];
      for (const change of changes) {
        const { rows } = await q.query(
          `UPDATE room_policies SET value = $3, updated_at = now()
           WHERE room_id = $1 AND attr = $2 AND allow_edit
             AND CASE type WHEN 'ROLE' THEN $3 IN ('0', '1', '2', '3') WHEN 'BOOLEAN' THEN $3 IN ('0', '1')
                           ELSE $3 ~ '^[0-9]{1,9}$' END
           RETURNING *`,
          [roomId, change.attr, change.value],
        );
        if (rows[0]) updated.push(toPolicyEntry(rows[0]));
        else refused.push(change.attr);
      }
      return { updated, refused };
    },

    /** The policy tables of several rooms (room lists), by room id. */
    async listForRooms(roomIds: readonly number[]): Promise<Map<number, PolicyEntry[]>> {
      const byRoom = new Map<number, PolicyEntry[]>(roomIds.map((id) => [id, []]));
      if (roomIds.length === 0) return byRoom;
      const { rows } = await q.query('SELECT * FROM room_policies WHERE room_id = ANY($1::bigint[]) ORDER BY room_id, seq, attr', [
        idArray(roomIds),
      ]);
      for (const row of rows) byRoom.get(toId(row.room_id))?.push(toPolicyEntry(row));
      return byRoom;
    },

    /**
     * Sets one entry whatever its allowEdit (the organisation's own settings, e.g. a room size limit);
     * room admins go through update(). Returns null when the room has no such entry.
     */
    async set(roomId: number, attr: string, value: string): Promise<PolicyEntry | null> {
      const { rows } = await q.query(
        'UPDATE room_policies SET value = $3, updated_at = now() WHERE room_id = $1 AND attr = $2 RETURNING *',
        [roomId, attr, value],
      );
      return rows[0] ? toPolicyEntry(rows[0]) : null;
    },

    /** getallroompolicy: the whole default table, every room type. */
    async listDefaults(): Promise<(PolicyEntry & { roomType: string })[]> {
      const { rows } = await q.query('SELECT * FROM default_room_policies ORDER BY room_type, seq, attr');
      return rows.map((r) => ({ ...toPolicyEntry(r), roomType: String(r.room_type) }));
    },
  };
}

export type PoliciesRepo = ReturnType<typeof policiesRepo>;
