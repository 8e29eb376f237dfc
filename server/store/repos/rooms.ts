// Rooms: their type, name, settings and life cycle, and the room list of an account.
import type { Queryable, Row } from '../db.ts';
import { onlyRow, textOrNull, toDate, toDateOrNull, toId, toIdOrNull } from './convert.ts';
import { escapeLike, synonymMatch } from './accounts.ts';
import { toMember, type Member } from './members.ts';

import type { RoomBusinessType, RoomType } from '../../../generated/types/index.ts';

export type { RoomBusinessType, RoomType };

/**
 * The lock that puts a room's sends and membership changes in one order: each takes the room's row first, so a
 * send commits wholly before or wholly after a membership change (its key check sees the change or its message
 * is older than it) and two sends never rotate the room's key at once. On the embedded store transactions already
 * run one at a time; on PostgreSQL (READ COMMITTED) this row lock is what orders them.
 */
export const ROOM_WRITE_LOCK = 'FOR NO KEY UPDATE';

/**
 * Takes the room's write lock (see ROOM_WRITE_LOCK) inside the caller's transaction. It writes the row (a new
 * version, same values) rather than only locking it: a send that waited for this lock sees a newer row than its
 * snapshot and reads its facts again (repos/send-facts.ts).
 */
export async function lockRoom(q: Queryable, roomId: number): Promise<void> {
  await q.query('UPDATE rooms SET last_update_at = last_update_at WHERE id = $1', [roomId]);
}
export type SelfDestructUnit = 'second' | 'minute' | 'hour' | 'day' | 'week' | 'year';

export interface Room {
  id: number;
  tenantId: number | null;
  roomType: RoomType;
  businessType: RoomBusinessType | null;
  chatbotId: string | null;
  roomName: string | null;
  roomSecLevel: string | null;
  dedupeKey: string | null;
  groupAccountId: number | null;
  createdBy: number | null;
  createdAt: Date;
  selfDestructEnabled: boolean;
  selfDestructSeconds: number | null;
  /** The unit the self-destruct time was set in (second .. year); null when never set. */
  selfDestructUnit: SelfDestructUnit | null;
  lastUpdateAt: Date;
  profileImgRef: number | null;
  profileImgTnRef: number | null;
  closedAt: Date | null;
  deletedAt: Date | null;
}

export interface NewRoom {
  roomType: RoomType;
  businessType?: RoomBusinessType | null;
  chatbotId?: string | null;
  roomName?: string | null;
  roomSecLevel?: string | null;
  tenantId?: number | null;
  createdBy?: number | null;
  groupAccountId?: number | null;
  /** See singleRoomKey / selfRoomKey: makes a second create of the same room fail (unique). */
  dedupeKey?: string | null;
}

export interface RoomListItem {
  room: Room;
  member: Member;
}

export interface RoomListQuery {
  /** 'visible' (room list), 'hidden' (hidden room list) or 'all'. */
  hidden?: 'visible' | 'hidden' | 'all';
  /** Leave out rooms the account closed (the room list); default false. */
  excludeClosed?: boolean;
  limit: number;
  /** Rows to skip; ignored when `after` is given. */
  offset?: number;
  /** Keyset paging: the rows after this one in the list's order (the `cursor` of the previous page's last item). */
  after?: RoomListCursor;
}

/** Where a room stands in the room list order: pinned first, then last update, then id, all descending. */
export interface RoomListCursor {
  isPinned: boolean;
  /** last_update_at in microseconds since the epoch (a Date would lose PostgreSQL's microseconds). */
  lastUpdateMicros: bigint;
  roomId: number;
}

/** The one SINGLE room of two accounts, whichever of them opens it. */
export function singleRoomKey(a: number, b: number): string {
  return `single:${Math.min(a, b)}:${Math.max(a, b)}`;
}

export function selfRoomKey(accountId: number): string {
  return `self:${accountId}`;
}

export function chatbotRoomKey(accountId: number, chatbotId: string): string {
  return `chatbot:${accountId}:${chatbotId}`;
}

export function toRoom(r: Row): Room {
  return {
    id: toId(r.id),
    tenantId: toIdOrNull(r.tenant_id),
    roomType: String(r.room_type) as RoomType,
    businessType: textOrNull(r.business_type) as RoomBusinessType | null,
    chatbotId: textOrNull(r.chatbot_id),
    roomName: textOrNull(r.room_name),
    roomSecLevel: textOrNull(r.room_sec_level),
    dedupeKey: textOrNull(r.dedupe_key),
    groupAccountId: toIdOrNull(r.group_account_id),
    createdBy: toIdOrNull(r.created_by),
    createdAt: toDate(r.created_at),
    selfDestructEnabled: r.self_destruct_enabled === true,
    selfDestructSeconds: r.self_destruct_seconds === null ? null : Number(r.self_destruct_seconds),
    selfDestructUnit: textOrNull(r.self_destruct_unit) as SelfDestructUnit | null,
    lastUpdateAt: toDate(r.last_update_at),
    profileImgRef: toIdOrNull(r.profile_img_ref),
    profileImgTnRef: toIdOrNull(r.profile_img_tn_ref),
    closedAt: toDateOrNull(r.closed_at),
    deletedAt: toDateOrNull(r.deleted_at),
  };
}

const ROOM_COLUMNS = `r.id, r.tenant_id, r.room_type, r.business_type, r.chatbot_id, r.room_name, r.room_sec_level,
  r.dedupe_key, r.group_account_id, r.created_by, r.created_at, r.self_destruct_enabled, r.self_destruct_seconds,
  r.self_destruct_unit, r.last_update_at, r.profile_img_ref, r.profile_img_tn_ref, r.closed_at, r.deleted_at`;
const MEMBER_COLUMNS = `m.room_id, m.account_id, m.is_admin, m.joined_at, m.left_at, m.mute_until, m.is_pinned,
  m.is_hidden, m.is_closed, m.last_read_message_id, m.member_set_id, m.is_muted`;

/** The room list's time key (the membership row's copy of the room's), exact to the microsecond, as an int8. */
const MEMBER_UPDATE_MICROS = '(extract(epoch FROM m.room_last_update_at) * 1000000)::int8';

export function roomsRepo(q: Queryable) {
  async function update(id: number, set: string, params: unknown[]): Promise<Room | null> {
    const { rows } = await q.query(`UPDATE rooms r SET ${set} WHERE r.id = $1 RETURNING ${ROOM_COLUMNS}`, [id, ...params]);
    return rows[0] ? toRoom(rows[0]) : null;
  }

  return {
    async create(input: NewRoom): Promise<Room> {
      const { rows } = await q.query(
        `INSERT INTO rooms (room_type, business_type, chatbot_id, room_name, room_sec_level, tenant_id, created_by, group_account_id, dedupe_key)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *`,
        [
          input.roomType,
          input.businessType ?? null,
          input.chatbotId ?? null,
          input.roomName ?? null,
          input.roomSecLevel ?? null,
          input.tenantId ?? null,
          input.createdBy ?? null,
          input.groupAccountId ?? null,
          input.dedupeKey ?? null,
        ],
      );
      return toRoom(onlyRow(rows));
    },

    async findById(id: number): Promise<Room | null> {
      const { rows } = await q.query('SELECT * FROM rooms WHERE id = $1', [id]);
      return rows[0] ? toRoom(rows[0]) : null;
    },

    /** The room with its row locked until the caller's transaction ends (see `lockRoom`). */
    async findForWrite(id: number): Promise<Room | null> {
      const { rows } = await q.query(`SELECT * FROM rooms WHERE id = $1 ${ROOM_WRITE_LOCK}`, [id]);
      return rows[0] ? toRoom(rows[0]) : null;
    },

    /** Live (not deleted) room with this key: the existing single or self room. */
    async findByDedupeKey(key: string): Promise<Room | null> {
      const { rows } = await q.query('SELECT * FROM rooms WHERE dedupe_key = $1 AND deleted_at IS NULL', [key]);
      return rows[0] ? toRoom(rows[0]) : null;
    },

    rename: (id: number, roomName: string) => update(id, 'room_name = $2, last_update_at = now()', [roomName]),

    /** `seconds` null with enabled false switches self-destruct off. */
    setSelfDestruct: (id: number, enabled: boolean, seconds: number | null) =>
      update(id, 'self_destruct_enabled = $2, self_destruct_seconds = $3, last_update_at = now()', [enabled, seconds]),

    /**
     * updateselfdestructsetting: the time is kept with the unit it was given in; `time` null keeps the
     * stored one (switching off remembers the last time for the next switch on).
     */
    setSelfDestructTime: (id: number, enabled: boolean, time: { seconds: number; unit: SelfDestructUnit } | null) =>
      update(
        id,
        `self_destruct_enabled = $2, self_destruct_seconds = coalesce($3, r.self_destruct_seconds),
         self_destruct_unit = coalesce($4, r.self_destruct_unit), last_update_at = now()`,
        [enabled, time?.seconds ?? null, time?.unit ?? null],
      ),

    setProfileImage: (id: number, image: { ref: number; tnRef: number } | null) =>
      update(id, 'profile_img_ref = $2, profile_img_tn_ref = $3, last_update_at = now()', [image?.ref ?? null, image?.tnRef ?? null]),

    /** New activity (a message, a change): moves the room up the room lists. */
    touch: (id: number, at: Date = new Date()) => update(id, 'last_update_at = greatest(r.last_update_at, $2)', [at]),

    /** Sets the activity time as it is (imported or seeded history, where the room is older than its creation). */
    setLastUpdate: (id: number, at: Date) => update(id, 'last_update_at = $2', [at]),

    close: (id: number) => update(id, 'closed_at = coalesce(r.closed_at, now())', []),

    /** Deleted rooms keep their rows (audit, export) but free their dedupe key for a new room. */
    markDeleted: (id: number) => update(id, 'deleted_at = coalesce(r.deleted_at, now()), dedupe_key = NULL', []),

    /** The account's rooms, pinned first, then by last activity (getroomlist, gethidedroomlist). */
    async listForAccount(
      accountId: number,
      query: RoomListQuery,
    ): Promise<{ items: RoomListItem[]; stillHaveData: boolean; cursor: RoomListCursor | null }> {
      const hidden = query.hidden ?? 'visible';
      const hiddenFilter = hidden === 'all' ? '' : hidden === 'hidden' ? 'AND m.is_hidden' : 'AND NOT m.is_hidden';
      const closedFilter = query.excludeClosed ? 'AND NOT m.is_closed' : '';
      const after = query.after;
      const keyset = after
        ? `AND (m.is_pinned, m.room_last_update_at, m.room_id) < ($4::boolean, timestamptz 'epoch' + $5::int8 * interval '1 microsecond', $6::int8)`
        : '';
      // The page is read in order from room_members_list_idx (the order key is on the membership row) and
      // only its rows are joined with their rooms: the cost is the page's, not the account's room count.
      const { rows } = await q.query(
        `SELECT ${ROOM_COLUMNS}, ${MEMBER_COLUMNS}, ${MEMBER_UPDATE_MICROS}::text AS cursor_micros
         FROM room_members m CROSS JOIN LATERAL (SELECT * FROM rooms WHERE id = m.room_id AND deleted_at IS NULL) r
         WHERE m.account_id = $1 AND m.left_at IS NULL ${hiddenFilter} ${closedFilter} ${keyset}
         ORDER BY m.is_pinned DESC, m.room_last_update_at DESC, m.room_id DESC
         LIMIT $2 OFFSET $3`,
        after
          ? [accountId, query.limit + 1, 0, after.isPinned, after.lastUpdateMicros.toString(), after.roomId]
          : [accountId, query.limit + 1, query.offset ?? 0],
      );
      const page = rows.slice(0, query.limit);
      const items = page.map((row) => ({ room: toRoom(row), member: toMember(row) }));
      const last = page.at(-1);
      const cursor: RoomListCursor | null = last
        ? { isPinned: last.is_pinned === true, lastUpdateMicros: BigInt(String(last.cursor_micros)), roomId: toId(last.id) }
        : null;
      return { items, stillHaveData: rows.length > query.limit, cursor };
    },

    /**
     * searchroom: the account's live, visible rooms whose name, or the name of another member, contains
     * `text` (case-insensitive), most recently updated first. A member's name includes the account's own
     * synonym for them.
     */
    async searchForAccount(accountId: number, text: string, limit: number): Promise<RoomListItem[]> {
      const like = `%${escapeLike(text.toLowerCase())}%`;
      const { rows } = await q.query(
        `SELECT ${ROOM_COLUMNS}, ${MEMBER_COLUMNS} FROM room_members m JOIN rooms r ON r.id = m.room_id
         WHERE m.account_id = $1 AND m.left_at IS NULL AND r.deleted_at IS NULL AND NOT m.is_hidden
           AND (lower(coalesce(r.room_name, '')) LIKE $2
                OR EXISTS (SELECT 1 FROM room_members o JOIN accounts a ON a.id = o.account_id
                           WHERE o.room_id = r.id AND o.left_at IS NULL AND o.account_id <> $1
                             AND (lower(a.user_fullname) LIKE $2 OR lower(a.login_name) LIKE $2
                                  OR lower(coalesce(a.custom_display_name, '')) LIKE $2
                                  OR lower(coalesce(a.search_name, '')) LIKE $2
                                  OR ${synonymMatch('$1', 'o.account_id', '$2')})))
         ORDER BY m.is_pinned DESC, r.last_update_at DESC, r.id DESC
         LIMIT $3`,
        [accountId, like, limit],
      );
      return rows.map((row) => ({ room: toRoom(row), member: toMember(row) }));
    },

    /** Count of the account's live rooms (noOfRooms). */
    async countForAccount(accountId: number): Promise<number> {
      const { rows } = await q.query(
        `SELECT count(*) AS n FROM room_members m JOIN rooms r ON r.id = m.room_id
         WHERE m.account_id = $1 AND m.left_at IS NULL AND r.deleted_at IS NULL`,
        [accountId],
      );
      return toId(onlyRow(rows).n);
    },
  };
}

export type RoomsRepo = ReturnType<typeof roomsRepo>;
