// What a send checks before it stores a message, read in one statement that also takes the room's write lock:
// the room, the sender's membership, the room policies the send obeys, the room's current key and whether the
// membership changed since it was made, the replied-to message and the named key, and the sender's unread count.
import type { Queryable, Row } from '../db.ts';
import { toIdOrNull, toId, toJson } from './convert.ts';
import { toStoredAesKey, type StoredAesKey } from './keys.ts';
import { toMember, type Member } from './members.ts';
import { toPolicyEntry, type PolicyEntry } from './policies.ts';
import { ROOM_WRITE_LOCK, toRoom, type Room } from './rooms.ts';

export interface SendFactsQuery {
  roomId: number;
  accountId: number;
  /** The policies the send obeys (SEND_MESSAGE, and more for some message types). */
  policyAttrs: readonly string[];
  replyToId: number | null;
  /** The key the client names, checked against the room's keys. */
  namedKey: string | null;
}

export interface SendFacts {
  room: Room;
  /** The sender's membership row (it may have left: leftAt), null when never a member. */
  member: Member | null;
  policies: Map<string, PolicyEntry>;
  /** The room's current key and whether the membership changed after it was made; null when the room has none yet. */
  key: { key: StoredAesKey; membershipChanged: boolean } | null;
  /** The replied-to message is a message of this room (true when none is named). */
  replyFound: boolean;
  /** The named key is a key of this room, current or retired (true when none is named). */
  namedKeyFound: boolean;
  /** The sender's unread and mentioned messages in the room (a send adds none of its own). */
  unread: number;
  mentioned: number;
}

const MEMBER_COLUMNS = ['room_id', 'account_id', 'is_admin', 'joined_at', 'left_at', 'mute_until', 'is_pinned', 'is_hidden', 'is_closed', 'last_read_message_id', 'member_set_id', 'is_muted'];
const KEY_COLUMNS = ['message_key_uuid', 'room_id', 'aes_key', 'algorithm', 'created_at', 'retired_at', 'member_set_id'];

const prefixed = (alias: string, columns: readonly string[]) => columns.map((c) => `${alias}.${c} AS ${alias}_${c}`).join(', ');

function unprefix(row: Row, alias: string, columns: readonly string[]): Row {
  return Object.fromEntries(columns.map((c) => [c, row[`${alias}_${c}`]]));
}

/**
 * PostgreSQL runs this statement on one snapshot, taken before it waited for the room's lock: when the lock's
 * last holder changed the room (a membership change or another send: `lockRoom` and every send update the row),
 * the joined facts may predate that change. `stale` tells so (the locked row is newer than the snapshot's), and
 * the caller, now holding the lock, reads again. The embedded store runs one transaction at a time: never stale.
 */
const SEND_FACTS = `
  SELECT r.*, ${prefixed('m', MEMBER_COLUMNS)}, ${prefixed('k', KEY_COLUMNS)},
    r.xmin::text <> (SELECT s.xmin::text FROM rooms s WHERE s.id = r.id) AS stale,
    EXISTS (SELECT 1 FROM room_member_sets ms WHERE ms.room_id = r.id AND ms.id > coalesce(k.member_set_id, 0)
              AND ms.created_at > k.created_at) AS membership_changed,
    (SELECT coalesce(json_agg(json_build_object('attr', p.attr, 'value', p.value, 'type', p.type, 'allow_edit', p.allow_edit,
                                                'attr_grp', p.attr_grp, 'seq', p.seq)), '[]'::json)
       FROM room_policies p WHERE p.room_id = r.id AND p.attr = ANY($3::text[])) AS policies,
    ($4::bigint IS NULL OR EXISTS (SELECT 1 FROM messages x WHERE x.room_id = r.id AND x.id = $4::bigint)) AS reply_found,
    ($5::text IS NULL OR EXISTS (SELECT 1 FROM aes_keys n WHERE n.room_id = r.id AND n.message_key_uuid = $5::text)) AS named_key_found,
    u.unread, u.mentioned
  FROM rooms r
  LEFT JOIN room_members m ON m.room_id = r.id AND m.account_id = $2::bigint
  LEFT JOIN aes_keys k ON k.room_id = r.id AND k.retired_at IS NULL
  CROSS JOIN LATERAL (
    SELECT count(*) AS unread, count(*) FILTER (WHERE $2::bigint = ANY(mm.mention_account_ids)) AS mentioned
    FROM message_receipts x JOIN messages mm ON mm.id = x.message_id
    WHERE x.account_id = $2::bigint AND x.room_id = r.id AND x.read_at IS NULL AND x.deleted_for_me_at IS NULL AND mm.status <> 'ALL_DELETED'
  ) u
  WHERE r.id = $1::bigint
  ${ROOM_WRITE_LOCK} OF r`;

export function sendFactsRepo(q: Queryable) {
  return {
    /** The facts with the room's write lock held; null when the room does not exist. One statement (two after a wait on PostgreSQL). */
    async readLocked(query: SendFactsQuery): Promise<SendFacts | null> {
      const params = [query.roomId, query.accountId, [...query.policyAttrs], query.replyToId, query.namedKey];
      let { rows } = await q.query(SEND_FACTS, params);
      if (rows[0]?.stale === true) ({ rows } = await q.query(SEND_FACTS, params));
      const row = rows[0];
      if (!row) return null;
      const policies = toJson<Row[]>(row.policies).map(toPolicyEntry);
      return {
        room: toRoom(row),
        member: row.m_account_id === null ? null : toMember(unprefix(row, 'm', MEMBER_COLUMNS)),
        policies: new Map(policies.map((p) => [p.attr, p])),
        key: row.k_message_key_uuid === null ? null : { key: toStoredAesKey(unprefix(row, 'k', KEY_COLUMNS)), membershipChanged: row.membership_changed === true },
        replyFound: row.reply_found === true,
        namedKeyFound: row.named_key_found === true,
        unread: toId(row.unread),
        mentioned: toIdOrNull(row.mentioned) ?? 0,
      };
    },
  };
}
