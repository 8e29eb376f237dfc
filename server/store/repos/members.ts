// Room membership and each member's own view of the room (admin, mute, pin, hide, close, read mark).
// Every change of who is in the room records a new member set (latestRoomMembersetId).
import type { Queryable, Row } from '../db.ts';
import { idArray, onlyRow, toDate, toDateOrNull, toId, toIdOrNull, toIds } from './convert.ts';
import { lockRoom } from './rooms.ts';

export interface Member {
  roomId: number;
  accountId: number;
  isAdmin: boolean;
  joinedAt: Date;
  /** null while a member */
  leftAt: Date | null;
  muteUntil: Date | null;
  /** Muted with no end time (muteUntil null); a timed mute has muteUntil only. */
  isMuted: boolean;
  isPinned: boolean;
  isHidden: boolean;
  isClosed: boolean;
  lastReadMessageId: number | null;
  memberSetId: number | null;
}

export interface MemberSet {
  id: number;
  roomId: number;
  accountIds: number[];
  createdAt: Date;
}

export function toMember(r: Row): Member {
  return {
    roomId: toId(r.room_id),
    accountId: toId(r.account_id),
    isAdmin: r.is_admin === true,
    joinedAt: toDate(r.joined_at),
    leftAt: toDateOrNull(r.left_at),
    muteUntil: toDateOrNull(r.mute_until),
    isMuted: r.is_muted === true,
    isPinned: r.is_pinned === true,
    isHidden: r.is_hidden === true,
    isClosed: r.is_closed === true,
    lastReadMessageId: toIdOrNull(r.last_read_message_id),
    memberSetId: toIdOrNull(r.member_set_id),
  };
}

export function membersRepo(q: Queryable) {
  /** Snapshots the current members as a new member set and stamps it on them. */
  async function newMemberSet(roomId: number): Promise<MemberSet> {
    const { rows } = await q.query(
      `INSERT INTO room_member_sets (room_id, account_ids)
       SELECT $1, coalesce(array_agg(account_id ORDER BY account_id), ARRAY[]::bigint[])
       FROM room_members WHERE room_id = $1 AND left_at IS NULL
       RETURNING *`,
      [roomId],
    );
    const set = toMemberSet(onlyRow(rows));
    await q.query('UPDATE room_members SET member_set_id = $2 WHERE room_id = $1 AND left_at IS NULL', [roomId, set.id]);
    return set;
  }

  async function setFlag(roomId: number, accountId: number, column: string, value: unknown): Promise<Member | null> {
    const { rows } = await q.query(
      `UPDATE room_members SET ${column} = $3 WHERE room_id = $1 AND account_id = $2 AND left_at IS NULL RETURNING *`,
      [roomId, accountId, value],
    );
    return rows[0] ? toMember(rows[0]) : null;
  }

  return {
    /**
     * Adds accounts (a former member rejoins with fresh per-member state). Returns the new member set,
     * or null when every account was already a member.
     */
    async add(roomId: number, accountIds: readonly number[], options: { admin?: boolean } = {}): Promise<MemberSet | null> {
      if (accountIds.length === 0) return null;
      await lockRoom(q, roomId);
      const { rowCount } = await q.query(
        `INSERT INTO room_members (room_id, account_id, is_admin)
         SELECT $1, a, $3 FROM unnest($2::bigint[]) AS a
         ON CONFLICT (room_id, account_id) DO UPDATE
           SET is_admin = EXCLUDED.is_admin, joined_at = now(), left_at = NULL, mute_until = NULL, is_muted = false, is_pinned = false,
               is_hidden = false, is_closed = false
           WHERE room_members.left_at IS NOT NULL`,
        [roomId, idArray(accountIds), options.admin ?? false],
      );
      return rowCount > 0 ? newMemberSet(roomId) : null;
    },

    /** Leave or removal. Returns the new member set, or null if the account was not a member. */
    async remove(roomId: number, accountId: number): Promise<MemberSet | null> {
      await lockRoom(q, roomId);
      const { rowCount } = await q.query(
        'UPDATE room_members SET left_at = now(), is_admin = false WHERE room_id = $1 AND account_id = $2 AND left_at IS NULL',
        [roomId, accountId],
      );
      return rowCount > 0 ? newMemberSet(roomId) : null;
    },

    /** Membership row, past or present. */
    async find(roomId: number, accountId: number): Promise<Member | null> {
      const { rows } = await q.query('SELECT * FROM room_members WHERE room_id = $1 AND account_id = $2', [roomId, accountId]);
      return rows[0] ? toMember(rows[0]) : null;
    },

    async isActiveMember(roomId: number, accountId: number): Promise<boolean> {
      const { rows } = await q.query('SELECT 1 FROM room_members WHERE room_id = $1 AND account_id = $2 AND left_at IS NULL', [roomId, accountId]);
      return rows.length > 0;
    },

    async listActive(roomId: number): Promise<Member[]> {
      const { rows } = await q.query('SELECT * FROM room_members WHERE room_id = $1 AND left_at IS NULL ORDER BY joined_at, account_id', [roomId]);
      return rows.map(toMember);
    },

    async activeAccountIds(roomId: number): Promise<number[]> {
      const { rows } = await q.query('SELECT account_id FROM room_members WHERE room_id = $1 AND left_at IS NULL ORDER BY account_id', [roomId]);
      return rows.map((r) => toId(r.account_id));
    },

    async adminAccountIds(roomId: number): Promise<number[]> {
      const { rows } = await q.query(
        'SELECT account_id FROM room_members WHERE room_id = $1 AND left_at IS NULL AND is_admin ORDER BY account_id',
        [roomId],
      );
      return rows.map((r) => toId(r.account_id));
    },

    async latestMemberSet(roomId: number): Promise<MemberSet | null> {
      const { rows } = await q.query('SELECT * FROM room_member_sets WHERE room_id = $1 ORDER BY id DESC LIMIT 1', [roomId]);
      return rows[0] ? toMemberSet(rows[0]) : null;
    },

    async findMemberSet(id: number): Promise<MemberSet | null> {
      const { rows } = await q.query('SELECT * FROM room_member_sets WHERE id = $1', [id]);
      return rows[0] ? toMemberSet(rows[0]) : null;
    },

    setAdmin: (roomId: number, accountId: number, isAdmin: boolean) => setFlag(roomId, accountId, 'is_admin', isAdmin),
    /** `null` unmutes. */
    setMuteUntil: (roomId: number, accountId: number, until: Date | null) => setFlag(roomId, accountId, 'mute_until', until),
    /** muteroom / unmuteroom: `muted` false unmutes; `until` null with muted true mutes with no end. */
    async setMute(roomId: number, accountId: number, muted: boolean, until: Date | null): Promise<Member | null> {
      const { rows } = await q.query(
        `UPDATE room_members SET is_muted = $3 AND $4::timestamptz IS NULL, mute_until = CASE WHEN $3 THEN $4::timestamptz END
         WHERE room_id = $1 AND account_id = $2 AND left_at IS NULL RETURNING *`,
        [roomId, accountId, muted, until],
      );
      return rows[0] ? toMember(rows[0]) : null;
    },

    /** A new message reopens the room for every member who closed it (closeroom). Returns their ids. */
    async reopenClosed(roomId: number): Promise<number[]> {
      const { rows } = await q.query(
        'UPDATE room_members SET is_closed = false WHERE room_id = $1 AND left_at IS NULL AND is_closed RETURNING account_id',
        [roomId],
      );
      return rows.map((r) => toId(r.account_id)).sort((a, b) => a - b);
    },

    /** Members of several rooms at once (room lists: the other account of each single room). */
    async activeOfRooms(roomIds: readonly number[]): Promise<Member[]> {
      if (roomIds.length === 0) return [];
      const { rows } = await q.query(
        'SELECT * FROM room_members WHERE room_id = ANY($1::bigint[]) AND left_at IS NULL ORDER BY room_id, joined_at, account_id',
        [idArray(roomIds)],
      );
      return rows.map(toMember);
    },

    setPinned: (roomId: number, accountId: number, pinned: boolean) => setFlag(roomId, accountId, 'is_pinned', pinned),
    setHidden: (roomId: number, accountId: number, hidden: boolean) => setFlag(roomId, accountId, 'is_hidden', hidden),
    setClosed: (roomId: number, accountId: number, closed: boolean) => setFlag(roomId, accountId, 'is_closed', closed),

    /** Moves the read mark forward only (marks arrive out of order from several devices). */
    async markReadUpTo(roomId: number, accountId: number, messageId: number): Promise<void> {
      await q.query(
        `UPDATE room_members SET last_read_message_id = greatest(coalesce(last_read_message_id, 0), $3)
         WHERE room_id = $1 AND account_id = $2`,
        [roomId, accountId, messageId],
      );
    },

    /** Rooms the account is in, e.g. to subscribe its socket or authorise room topics. */
    async activeRoomIdsOf(accountId: number): Promise<number[]> {
      const { rows } = await q.query(
        'SELECT room_id FROM room_members WHERE account_id = $1 AND left_at IS NULL ORDER BY room_id',
        [accountId],
      );
      return toIds(rows.map((r) => r.room_id));
    },
  };
}

function toMemberSet(r: Row): MemberSet {
  return { id: toId(r.id), roomId: toId(r.room_id), accountIds: toIds(r.account_ids), createdAt: toDate(r.created_at) };
}

export type MembersRepo = ReturnType<typeof membersRepo>;
