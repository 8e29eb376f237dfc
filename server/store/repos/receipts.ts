// Per-recipient message state: received, read, notified, starred, deleted for me; unread counts.
// Each mark returns the message ids it actually changed, so callers notify only about real changes.
import type { Queryable, Row } from '../db.ts';
import { idArray, toDateOrNull, toId } from './convert.ts';

export interface Receipt {
  messageId: number;
  accountId: number;
  roomId: number;
  receivedAt: Date | null;
  readAt: Date | null;
  notifiedAt: Date | null;
  isStarred: boolean;
  starredAt: Date | null;
  deletedForMeAt: Date | null;
}

export interface DeliveryProgress {
  total: number;
  received: number;
  read: number;
}

/** Where the delivery of one message stands, with what settling its status needs (one row per message). */
export interface MessageDelivery extends DeliveryProgress {
  messageId: number;
  senderId: number | null;
  status: string;
  /** Some recipient keeps reads private (readReceipt NO): the message never becomes ALL_READ. */
  privateReader: boolean;
}

export interface RoomUnread {
  roomId: number;
  unread: number;
  mentioned: number;
}

function toReceipt(r: Row): Receipt {
  return {
    messageId: toId(r.message_id),
    accountId: toId(r.account_id),
    roomId: toId(r.room_id),
    receivedAt: toDateOrNull(r.received_at),
    readAt: toDateOrNull(r.read_at),
    notifiedAt: toDateOrNull(r.notified_at),
    isStarred: r.is_starred === true,
    starredAt: toDateOrNull(r.starred_at),
    deletedForMeAt: toDateOrNull(r.deleted_for_me_at),
  };
}

const changedIds = (rows: Row[]) => rows.map((r) => toId(r.message_id)).sort((a, b) => a - b);

export function receiptsRepo(q: Queryable) {
  const repo = {
    /** One row per recipient when a message is sent (the sender gets none). */
    async createForRecipients(messageId: number, roomId: number, accountIds: readonly number[]): Promise<void> {
      if (accountIds.length === 0) return;
      await q.query(
        `INSERT INTO message_receipts (message_id, account_id, room_id)
         SELECT $1, a, $2 FROM unnest($3::bigint[]) AS a ON CONFLICT DO NOTHING`,
        [messageId, roomId, idArray(accountIds)],
      );
    },

    async markReceived(accountId: number, messageIds: readonly number[], at: Date = new Date()): Promise<number[]> {
      const { rows } = await q.query(
        `UPDATE message_receipts SET received_at = $3
         WHERE account_id = $1 AND message_id = ANY($2::bigint[]) AND received_at IS NULL RETURNING message_id`,
        [accountId, idArray(messageIds), at],
      );
      return changedIds(rows);
    },

    /** Reading implies receiving. */
    async markRead(accountId: number, roomId: number, messageIds: readonly number[], at: Date = new Date()): Promise<number[]> {
      const { rows } = await q.query(
        `UPDATE message_receipts SET read_at = $4, received_at = coalesce(received_at, $4)
         WHERE account_id = $1 AND room_id = $2 AND message_id = ANY($3::bigint[]) AND read_at IS NULL RETURNING message_id`,
        [accountId, roomId, idArray(messageIds), at],
      );
      return changedIds(rows);
    },

    /** Everything up to and including `upToMessageId` (viewing a room). */
    async markReadUpTo(accountId: number, roomId: number, upToMessageId: number, at: Date = new Date()): Promise<number[]> {
      const { rows } = await q.query(
        `UPDATE message_receipts SET read_at = $4, received_at = coalesce(received_at, $4)
         WHERE account_id = $1 AND room_id = $2 AND message_id <= $3 AND read_at IS NULL RETURNING message_id`,
        [accountId, roomId, upToMessageId, at],
      );
      return changedIds(rows);
    },

    async markNotified(accountId: number, roomId: number, messageIds: readonly number[], at: Date = new Date()): Promise<number[]> {
      const { rows } = await q.query(
        `UPDATE message_receipts SET notified_at = $4, received_at = coalesce(received_at, $4)
         WHERE account_id = $1 AND room_id = $2 AND message_id = ANY($3::bigint[]) AND notified_at IS NULL RETURNING message_id`,
        [accountId, roomId, idArray(messageIds), at],
      );
      return changedIds(rows);
    },

    /**
     * Starring needs a row, and a sender has none for their own messages: the row is made on demand
     * (only for messages of the given room).
     */
    async setStarred(accountId: number, roomId: number, messageIds: readonly number[], starred: boolean): Promise<number[]> {
      if (starred) {
        await q.query(
          `INSERT INTO message_receipts (message_id, account_id, room_id, received_at, read_at)
           SELECT id, $1, room_id, created_at, created_at FROM messages WHERE room_id = $2 AND id = ANY($3::bigint[])
           ON CONFLICT DO NOTHING`,
          [accountId, roomId, idArray(messageIds)],
        );
      }
      const { rows } = await q.query(
        `UPDATE message_receipts SET is_starred = $4, starred_at = CASE WHEN $4 THEN now() ELSE NULL END
         WHERE account_id = $1 AND room_id = $2 AND message_id = ANY($3::bigint[]) AND is_starred <> $4 RETURNING message_id`,
        [accountId, roomId, idArray(messageIds), starred],
      );
      return changedIds(rows);
    },

    /** Delete for me; like starring, works on one's own messages too. */
    async deleteForMe(accountId: number, roomId: number, messageIds: readonly number[], at: Date = new Date()): Promise<number[]> {
      await q.query(
        `INSERT INTO message_receipts (message_id, account_id, room_id, received_at, read_at)
         SELECT id, $1, room_id, created_at, created_at FROM messages WHERE room_id = $2 AND id = ANY($3::bigint[])
         ON CONFLICT DO NOTHING`,
        [accountId, roomId, idArray(messageIds)],
      );
      const { rows } = await q.query(
        `UPDATE message_receipts SET deleted_for_me_at = $4, read_at = coalesce(read_at, $4)
         WHERE account_id = $1 AND room_id = $2 AND message_id = ANY($3::bigint[]) AND deleted_for_me_at IS NULL RETURNING message_id`,
        [accountId, roomId, idArray(messageIds), at],
      );
      return changedIds(rows);
    },

    /** deleteroommessages: every message of the room for this account, starred ones kept unless asked. */
    async deleteAllForMe(accountId: number, roomId: number, withStarred: boolean, at: Date = new Date()): Promise<number[]> {
      await q.query(
        `INSERT INTO message_receipts (message_id, account_id, room_id, received_at, read_at)
         SELECT id, $1, room_id, created_at, created_at FROM messages WHERE room_id = $2 ON CONFLICT DO NOTHING`,
        [accountId, roomId],
      );
      const { rows } = await q.query(
        `UPDATE message_receipts SET deleted_for_me_at = $4, read_at = coalesce(read_at, $4)
         WHERE account_id = $1 AND room_id = $2 AND deleted_for_me_at IS NULL AND ($3 OR NOT is_starred) RETURNING message_id`,
        [accountId, roomId, withStarred, at],
      );
      return changedIds(rows);
    },

    async get(messageId: number, accountId: number): Promise<Receipt | null> {
      const { rows } = await q.query('SELECT * FROM message_receipts WHERE message_id = $1 AND account_id = $2', [messageId, accountId]);
      return rows[0] ? toReceipt(rows[0]) : null;
    },

    /** getaesmessageinfo: every recipient's state of one message (the sender's own row, made by starring, is not a recipient). */
    async listForMessage(messageId: number): Promise<Receipt[]> {
      const { rows } = await q.query(
        `SELECT x.* FROM message_receipts x JOIN messages m ON m.id = x.message_id
         WHERE x.message_id = $1 AND x.account_id IS DISTINCT FROM m.sender_id ORDER BY x.account_id`,
        [messageId],
      );
      return rows.map(toReceipt);
    },

    /** How far delivery has got, for the ALL_RECEIVED and ALL_READ statuses. */
    async progress(messageId: number): Promise<DeliveryProgress> {
      const { rows } = await q.query(
        `SELECT count(*) AS total, count(x.received_at) AS received, count(x.read_at) AS read
         FROM message_receipts x JOIN messages m ON m.id = x.message_id
         WHERE x.message_id = $1 AND x.account_id IS DISTINCT FROM m.sender_id`,
        [messageId],
      );
      const r = rows[0];
      return { total: toId(r?.total ?? 0), received: toId(r?.received ?? 0), read: toId(r?.read ?? 0) };
    },

    /** `progress` of several messages in one statement, with their sender, status and readers' privacy. */
    async deliveryOf(messageIds: readonly number[]): Promise<MessageDelivery[]> {
      if (messageIds.length === 0) return [];
      const { rows } = await q.query(
        `SELECT m.id, m.sender_id, m.status,
                count(x.account_id) AS total, count(x.received_at) AS received, count(x.read_at) AS read,
                coalesce(bool_or(a.read_receipt = 'NO'), false) AS private_reader
         FROM messages m
         LEFT JOIN message_receipts x ON x.message_id = m.id AND x.account_id IS DISTINCT FROM m.sender_id
         LEFT JOIN accounts a ON a.id = x.account_id
         WHERE m.id = ANY($1::bigint[])
         GROUP BY m.id
         ORDER BY m.id`,
        [idArray(messageIds)],
      );
      return rows.map((r) => ({
        messageId: toId(r.id),
        senderId: r.sender_id === null ? null : toId(r.sender_id),
        status: String(r.status),
        total: toId(r.total),
        received: toId(r.received),
        read: toId(r.read),
        privateReader: r.private_reader === true,
      }));
    },

    /**
     * Unread and mentioned-unread counts per room the account is still a member of (rooms with nothing unread, rooms
     * it has left and deleted rooms are left out: what stayed unread there can no longer be read).
     */
    async unreadByRoom(accountId: number, roomIds?: readonly number[]): Promise<RoomUnread[]> {
      // Counted from the account's unread receipts first (message_receipts_unread_idx), and only the rooms that
      // have some are checked for membership: the cost follows what is unread, not how many rooms the account has.
      const { rows } = await q.query(
        `WITH per_room AS MATERIALIZED (
           SELECT x.room_id, count(*) AS unread, count(*) FILTER (WHERE $1::bigint = ANY(m.mention_account_ids)) AS mentioned
           FROM message_receipts x JOIN messages m ON m.id = x.message_id
           WHERE x.account_id = $1 AND x.read_at IS NULL AND x.deleted_for_me_at IS NULL AND m.status <> 'ALL_DELETED'
             AND ($2::bigint[] IS NULL OR x.room_id = ANY($2::bigint[]))
           GROUP BY x.room_id)
         SELECT p.* FROM per_room p
         WHERE EXISTS (SELECT 1 FROM room_members rm WHERE rm.room_id = p.room_id AND rm.account_id = $1 AND rm.left_at IS NULL)
           AND EXISTS (SELECT 1 FROM rooms r WHERE r.id = p.room_id AND r.deleted_at IS NULL)
         ORDER BY p.room_id`,
        [accountId, roomIds ? idArray(roomIds) : null],
      );
      return rows.map((r) => ({ roomId: toId(r.room_id), unread: toId(r.unread), mentioned: toId(r.mentioned) }));
    },

    /** answermcmessage: records (or replaces) the account's answer to a multiple-choice message. */
    async saveMcAnswer(input: { messageId: number; accountId: number; langId: string; value: string; checksum: string; at: Date }): Promise<void> {
      await q.query(
        `INSERT INTO message_mc_answers (message_id, account_id, lang_id, value, checksum, answered_at) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (message_id, account_id) DO UPDATE SET lang_id = EXCLUDED.lang_id, value = EXCLUDED.value,
           checksum = EXCLUDED.checksum, answered_at = EXCLUDED.answered_at`,
        [input.messageId, input.accountId, input.langId, input.value, input.checksum, input.at],
      );
    },

    async getMcAnswer(messageId: number, accountId: number): Promise<{ value: string; langId: string; answeredAt: Date } | null> {
      const { rows } = await q.query('SELECT * FROM message_mc_answers WHERE message_id = $1 AND account_id = $2', [messageId, accountId]);
      const r = rows[0];
      return r ? { value: String(r.value), langId: String(r.lang_id), answeredAt: toDateOrNull(r.answered_at) ?? new Date(0) } : null;
    },

    /** gettotalmessagesunreadcount, and totalUnreadRoomCount / totalUnreadMsgCount of the room list. */
    async totalUnread(accountId: number): Promise<{ rooms: number; messages: number }> {
      const perRoom = await repo.unreadByRoom(accountId);
      return { rooms: perRoom.length, messages: perRoom.reduce((sum, r) => sum + r.unread, 0) };
    },
  };
  return repo;
}

export type ReceiptsRepo = ReturnType<typeof receiptsRepo>;
