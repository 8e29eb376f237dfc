// Messages as the server keeps them: the client's ciphertext fields as sent, plus ordering, status,
// replies, polls and self-destruct times. Paging follows receiveaesmessages: a batch before (UP) or
// after (DOWN) a lastMessageId, with stillHaveData telling whether more lie beyond it.
import type { Queryable, Row } from '../db.ts';
import { PUSH_ACCOUNT_COLUMNS, toPushAccount, type PushAccount } from './accounts.ts';
import { idArray, onlyRow, textOrNull, toDate, toDateOrNull, toId, toIdOrNull, toIds, toJson } from './convert.ts';

import type { MessageStatus as AnyMessageStatus, PageDirection, SystemEvent } from '../../../generated/types/index.ts';

/** What the server stores; PENDING_SEND and SEND_FAILED are the client's own states of an unsent message. */
export type MessageStatus = Exclude<AnyMessageStatus, 'PENDING_SEND' | 'SEND_FAILED'>;
export type { PageDirection };

export interface StoredMessage {
  id: number;
  roomId: number;
  /** null for system messages */
  senderId: number | null;
  messageType: string;
  status: MessageStatus;
  createdAt: Date;
  updatedAt: Date;
  messageKeyUuid: string | null;
  langId: string | null;
  aesMessage: string | null;
  aesMessageFileRef: number | null;
  aesMessageFilename: string | null;
  aesMessageFileOpenExt: string | null;
  aesMessageFileType: string | null;
  filesize: number | null;
  aesMessageFileMetadata: string | null;
  aesMessageUrlMetadata: string | null;
  thumbnailRef: number | null;
  originalFileRef: number | null;
  checksum: string | null;
  mentionAccountIds: number[];
  replyToMessageId: number | null;
  isForwarded: boolean;
  polling: unknown;
  voiceToText: string | null;
  hints: unknown;
  /** What a SYSTEM message reports (the wire's SystemEvent); null for other messages. */
  systemEvent: SystemEvent | null;
  recalledAt: Date | null;
  expiresAt: Date | null;
}

export type NewMessage = Pick<StoredMessage, 'roomId' | 'senderId' | 'messageType'> &
  Partial<Omit<StoredMessage, 'id' | 'roomId' | 'senderId' | 'messageType' | 'createdAt' | 'updatedAt' | 'recalledAt'>> & {
    createdAt?: Date;
  };

/** What one reader sees of a message besides the message itself. */
export interface ViewerState {
  isReceived: boolean;
  receivedAt: Date | null;
  isRead: boolean;
  readAt: Date | null;
  isStarred: boolean;
}

export interface MessageView {
  message: StoredMessage;
  /** null when no viewer was given, or for the viewer's own messages */
  viewer: ViewerState | null;
  /** The viewer starred it (own messages too); false when no viewer was given. */
  isStarredByViewer: boolean;
  /** Recipients of the message (the sender is never one). */
  totalReceiver: number;
}

export interface BatchQuery {
  /** One room, or several (starred messages and search across the viewer's rooms). */
  roomId: number | readonly number[];
  /** null: from the newest (UP) or the oldest (DOWN) end */
  lastMessageId: number | null;
  batchSize: number;
  upOrDown: PageDirection;
  /** Leaves out what this account deleted for itself; fills MessageView.viewer. */
  viewerId?: number | null;
  /** Leaves out self-destructed messages (expires_at at or before now). Default: the current time. */
  now?: Date;
  /** Only these message types (file lists, images and videos). */
  types?: readonly string[];
  /** Only messages the viewer starred. */
  starredOnly?: boolean;
  /** Leaves out messages the viewer starred (archives without starred messages). */
  excludeStarred?: boolean;
  /** Only messages created before this time (archive before days). */
  createdBefore?: Date;
  /** Keeps what the viewer deleted for itself at or after this time (delete-and-export reads what the deletion hid). */
  keepDeletedForMeSince?: Date;
  /** Only these messages (viewaesmessages, exports). */
  ids?: readonly number[];
}

export interface Batch {
  /** Oldest first, whichever the direction. */
  messages: MessageView[];
  /** More messages exist beyond this batch in the direction asked. */
  stillHaveData: boolean;
}

// Columns written by insert(), in order; names of StoredMessage fields on the right.
const INSERT_COLUMNS: [string, keyof NewMessage][] = [
  ['room_id', 'roomId'],
  ['sender_id', 'senderId'],
  ['message_type', 'messageType'],
  ['status', 'status'],
  ['message_key_uuid', 'messageKeyUuid'],
  ['lang_id', 'langId'],
  ['aes_message', 'aesMessage'],
  ['aes_message_file_ref', 'aesMessageFileRef'],
  ['aes_message_filename', 'aesMessageFilename'],
  ['aes_message_file_open_ext', 'aesMessageFileOpenExt'],
  ['aes_message_file_type', 'aesMessageFileType'],
  ['filesize', 'filesize'],
  ['aes_message_file_metadata', 'aesMessageFileMetadata'],
  ['aes_message_url_metadata', 'aesMessageUrlMetadata'],
  ['thumbnail_ref', 'thumbnailRef'],
  ['original_file_ref', 'originalFileRef'],
  ['checksum', 'checksum'],
  ['mention_account_ids', 'mentionAccountIds'],
  ['reply_to_message_id', 'replyToMessageId'],
  ['is_forwarded', 'isForwarded'],
  ['polling', 'polling'],
  ['voice_to_text', 'voiceToText'],
  ['hints', 'hints'],
  ['system_event', 'systemEvent'],
  ['expires_at', 'expiresAt'],
  ['created_at', 'createdAt'],
];
const JSON_FIELDS = new Set<keyof NewMessage>(['polling', 'hints', 'systemEvent']);
const JSON_COLUMNS = new Set(INSERT_COLUMNS.filter(([, field]) => JSON_FIELDS.has(field)).map(([column]) => column));

export function toMessage(r: Row): StoredMessage {
  return {
    id: toId(r.id),
    roomId: toId(r.room_id),
    senderId: toIdOrNull(r.sender_id),
    messageType: String(r.message_type),
    status: String(r.status) as MessageStatus,
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.updated_at),
    messageKeyUuid: textOrNull(r.message_key_uuid),
    langId: textOrNull(r.lang_id),
    aesMessage: textOrNull(r.aes_message),
    aesMessageFileRef: toIdOrNull(r.aes_message_file_ref),
    aesMessageFilename: textOrNull(r.aes_message_filename),
    aesMessageFileOpenExt: textOrNull(r.aes_message_file_open_ext),
    aesMessageFileType: textOrNull(r.aes_message_file_type),
    filesize: toIdOrNull(r.filesize),
    aesMessageFileMetadata: textOrNull(r.aes_message_file_metadata),
    aesMessageUrlMetadata: textOrNull(r.aes_message_url_metadata),
    thumbnailRef: toIdOrNull(r.thumbnail_ref),
    originalFileRef: toIdOrNull(r.original_file_ref),
    checksum: textOrNull(r.checksum),
    mentionAccountIds: toIds(r.mention_account_ids),
    replyToMessageId: toIdOrNull(r.reply_to_message_id),
    isForwarded: r.is_forwarded === true,
    polling: r.polling === null || r.polling === undefined ? null : toJson<unknown>(r.polling),
    voiceToText: textOrNull(r.voice_to_text),
    // Parsed by the driver already: a plain text hint is a JSON string, which must not be parsed again.
    hints: r.hints ?? null,
    systemEvent: r.system_event === null || r.system_event === undefined ? null : toJson<SystemEvent>(r.system_event),
    recalledAt: toDateOrNull(r.recalled_at),
    expiresAt: toDateOrNull(r.expires_at),
  };
}

/** INSERT INTO messages with the fields given (no RETURNING), and its parameters. */
function insertStatement(input: NewMessage): { sql: string; values: unknown[] } {
  const present = INSERT_COLUMNS.filter(([, field]) => input[field] !== undefined);
  const values = present.map(([, field]) => {
    const value = input[field];
    if (field === 'mentionAccountIds') return idArray(value as number[]);
    return JSON_FIELDS.has(field) ? (value === null ? null : JSON.stringify(value)) : value;
  });
  const placeholders = present.map(([column], i) =>
    JSON_COLUMNS.has(column) ? `$${i + 1}::jsonb` : column === 'mention_account_ids' ? `$${i + 1}::bigint[]` : `$${i + 1}`,
  );
  return { sql: `INSERT INTO messages (${present.map(([column]) => column).join(', ')}) VALUES (${placeholders.join(', ')})`, values };
}

function toView(r: Row, withViewer: boolean): MessageView {
  const message = toMessage(r);
  const own = message.senderId !== null && message.senderId === toIdOrNull(r.viewer_id);
  return {
    message,
    viewer:
      withViewer && !own
        ? {
            isReceived: r.v_received_at !== null,
            receivedAt: toDateOrNull(r.v_received_at),
            isRead: r.v_read_at !== null,
            readAt: toDateOrNull(r.v_read_at),
            isStarred: r.v_is_starred === true,
          }
        : null,
    isStarredByViewer: withViewer && r.v_is_starred === true,
    totalReceiver: toId(r.total_receiver),
  };
}

// Wipes the content of a message, keeping the row (replies and receipts refer to it).
const WIPE = `aes_message = NULL, aes_message_file_ref = NULL, aes_message_filename = NULL,
  aes_message_file_open_ext = NULL, aes_message_file_type = NULL, filesize = NULL, aes_message_file_metadata = NULL,
  aes_message_url_metadata = NULL, thumbnail_ref = NULL, original_file_ref = NULL, polling = NULL, voice_to_text = NULL,
  status = 'ALL_DELETED', updated_at = now()`;

/** The columns of a MessageView: the message, the viewer's own marks (alias v) and the receiver count. */
function viewColumns(viewerParam: string): string {
  return `m.*, ${viewerParam}::bigint AS viewer_id, v.received_at AS v_received_at, v.read_at AS v_read_at,
          coalesce(v.is_starred, false) AS v_is_starred,
          (SELECT count(*) FROM message_receipts t WHERE t.message_id = m.id AND t.account_id IS DISTINCT FROM m.sender_id) AS total_receiver`;
}

export function messagesRepo(q: Queryable) {
  const repo = {
    async insert(input: NewMessage): Promise<StoredMessage> {
      const { sql, values } = insertStatement(input);
      const { rows } = await q.query(`${sql} RETURNING *`, values);
      return toMessage(onlyRow(rows));
    },

    /**
     * A message into its room in one statement: the message, a receipt per recipient (every active member but the
     * sender), the room reopened for members who hid or closed it, and the room moved up the room lists
     * (last_update_at never goes back). Answers the message, the active members (sender included, by joining
     * order), the room's new last_update_at, what the pushes need of the members (accounts.listForPush: the
     * sender and the members in Do Not Disturb) and the room's message before it (see previousId). The caller holds the room's write lock, so the members read here
     * are the ones of the key it checked. `receipts: false` (system lines): no receipt at all, so it is never unread.
     */
    async insertIntoRoom(
      input: NewMessage & { createdAt: Date; receipts?: boolean },
    ): Promise<{ message: StoredMessage; memberIds: number[]; lastUpdateAt: Date; pushAccounts: PushAccount[]; previousMessageId: number | null }> {
      const { receipts = true, ...fields } = input;
      const { sql, values } = insertStatement(fields);
      const param = (value: unknown) => `$${values.push(value)}`;
      const room = param(input.roomId);
      const sender = param(input.senderId);
      const withReceipts = param(receipts);
      const at = param(input.createdAt);
      const { rows } = await q.query(
        `WITH msg AS (${sql} RETURNING *),
         members AS (SELECT account_id, joined_at FROM room_members WHERE room_id = ${room}::bigint AND left_at IS NULL),
         receipts AS (
           INSERT INTO message_receipts (message_id, account_id, room_id)
           SELECT msg.id, members.account_id, ${room}::bigint FROM msg, members
           WHERE ${withReceipts}::boolean AND members.account_id IS DISTINCT FROM ${sender}::bigint ON CONFLICT DO NOTHING),
         reopened AS (
           UPDATE room_members SET is_hidden = false, is_closed = false
           WHERE room_id = ${room}::bigint AND left_at IS NULL AND (is_hidden OR is_closed)),
         touched AS (
           UPDATE rooms SET last_update_at = greatest(last_update_at, ${at}::timestamptz) WHERE id = ${room}::bigint RETURNING last_update_at)
         SELECT msg.*,
           (SELECT coalesce(array_agg(account_id ORDER BY joined_at, account_id), ARRAY[]::bigint[]) FROM members) AS in_room_member_ids,
           (SELECT last_update_at FROM touched) AS in_room_last_update_at,
           (SELECT max(p.id) FROM messages p
              WHERE p.room_id = ${room}::bigint AND p.id < msg.id AND (p.expires_at IS NULL OR p.expires_at > ${at}::timestamptz)) AS in_room_previous_id,
           (SELECT coalesce(json_agg(json_build_object(${PUSH_ACCOUNT_COLUMNS.map((c) => `'${c}', a.${c}`).join(', ')})), '[]'::json)
              FROM members JOIN accounts a ON a.id = members.account_id
              WHERE a.id = ${sender}::bigint OR a.dnd IS NOT NULL) AS in_room_push_accounts
         FROM msg`,
        values,
      );
      const row = onlyRow(rows);
      return {
        message: toMessage(row),
        memberIds: toIds(row.in_room_member_ids),
        lastUpdateAt: toDateOrNull(row.in_room_last_update_at) ?? input.createdAt,
        pushAccounts: toJson<Row[]>(row.in_room_push_accounts).map(toPushAccount),
        previousMessageId: toIdOrNull(row.in_room_previous_id),
      };
    },

    /** The room's message before `id` that has not expired (what a NEW_MESSAGE names as its previous). */
    async previousId(roomId: number, id: number, now: Date = new Date()): Promise<number | null> {
      const { rows } = await q.query(
        'SELECT max(id) AS id FROM messages WHERE room_id = $1 AND id < $2 AND (expires_at IS NULL OR expires_at > $3)',
        [roomId, id, now],
      );
      return toIdOrNull(rows[0]?.id);
    },

    async findById(id: number): Promise<StoredMessage | null> {
      const { rows } = await q.query('SELECT * FROM messages WHERE id = $1', [id]);
      return rows[0] ? toMessage(rows[0]) : null;
    },

    /** Locks the row until the end of the transaction (poll votes). */
    async findByIdForUpdate(id: number): Promise<StoredMessage | null> {
      const { rows } = await q.query('SELECT * FROM messages WHERE id = $1 FOR UPDATE', [id]);
      return rows[0] ? toMessage(rows[0]) : null;
    },

    /** Messages of one room by id, in id order; ids of other rooms are left out. */
    async findInRoom(roomId: number, ids: readonly number[]): Promise<StoredMessage[]> {
      if (ids.length === 0) return [];
      const { rows } = await q.query('SELECT * FROM messages WHERE room_id = $1 AND id = ANY($2::bigint[]) ORDER BY id', [roomId, idArray(ids)]);
      return rows.map(toMessage);
    },

    /** receiveaesmessages and friends: see BatchQuery. */
    async batch(query: BatchQuery): Promise<Batch> {
      const params: unknown[] = [];
      const param = (value: unknown) => `$${params.push(value)}`;
      const viewer = query.viewerId ?? null;
      const roomFilter =
        typeof query.roomId === 'number' ? `m.room_id = ${param(query.roomId)}` : `m.room_id = ANY(${param(idArray(query.roomId))}::bigint[])`;
      const where = [roomFilter, `(m.expires_at IS NULL OR m.expires_at > ${param(query.now ?? new Date())})`];
      const viewerParam = param(viewer);
      if (viewer !== null && query.keepDeletedForMeSince) {
        where.push(`(v.deleted_for_me_at IS NULL OR v.deleted_for_me_at >= ${param(query.keepDeletedForMeSince)})`);
      } else if (viewer !== null) where.push('v.deleted_for_me_at IS NULL');
      if (query.starredOnly) where.push('v.is_starred');
      if (query.excludeStarred) where.push('v.is_starred IS NOT TRUE');
      if (query.createdBefore) where.push(`m.created_at < ${param(query.createdBefore)}`);
      if (query.ids) where.push(`m.id = ANY(${param(idArray(query.ids))}::bigint[])`);
      if (query.types && query.types.length > 0) where.push(`m.message_type = ANY(${param([...query.types])}::text[])`);
      const up = query.upOrDown === 'UP';
      if (query.lastMessageId !== null) where.push(`m.id ${up ? '<' : '>'} ${param(query.lastMessageId)}`);
      const { rows } = await q.query(
        `SELECT ${viewColumns(viewerParam)}
         FROM messages m
         LEFT JOIN message_receipts v ON v.message_id = m.id AND v.account_id = ${viewerParam}
         WHERE ${where.join(' AND ')}
         ORDER BY m.id ${up ? 'DESC' : 'ASC'}
         LIMIT ${param(query.batchSize + 1)}`,
        params,
      );
      const page = rows.slice(0, query.batchSize).map((r) => toView(r, viewer !== null));
      if (up) page.reverse();
      return { messages: page, stillHaveData: rows.length > query.batchSize };
    },

    /** The oldest message of the room the account has not read (and not deleted for itself). */
    async firstUnreadMessageId(roomId: number, accountId: number): Promise<number | null> {
      const { rows } = await q.query(
        `SELECT min(message_id) AS id FROM message_receipts
         WHERE room_id = $1 AND account_id = $2 AND read_at IS NULL AND deleted_for_me_at IS NULL`,
        [roomId, accountId],
      );
      return toIdOrNull(rows[0]?.id);
    },

    /**
     * The newest message the viewer can see in each of `roomIds`, in one statement (the room list);
     * rooms without one are absent from the map.
     */
    async latestOfRooms(roomIds: readonly number[], viewerId: number, now: Date = new Date()): Promise<Map<number, MessageView>> {
      if (roomIds.length === 0) return new Map();
      const { rows } = await q.query(
        `SELECT l.* FROM unnest($1::bigint[]) AS room(id)
         CROSS JOIN LATERAL (
           SELECT ${viewColumns('$2')}
           FROM messages m
           LEFT JOIN message_receipts v ON v.message_id = m.id AND v.account_id = $2
           WHERE m.room_id = room.id AND (m.expires_at IS NULL OR m.expires_at > $3) AND v.deleted_for_me_at IS NULL
           ORDER BY m.id DESC
           LIMIT 1) l`,
        [idArray(roomIds), viewerId, now],
      );
      const views = rows.map((r) => toView(r, true));
      return new Map(views.map((view) => [view.message.roomId, view]));
    },

    /** getlastmessage: the newest message the viewer can see. */
    async latest(roomId: number, viewerId: number | null, now: Date = new Date()): Promise<MessageView | null> {
      const batch = await repo.batch({ roomId, lastMessageId: null, batchSize: 1, upOrDown: 'UP', viewerId, now });
      return batch.messages[0] ?? null;
    },

    async setStatus(id: number, status: MessageStatus): Promise<void> {
      await q.query('UPDATE messages SET status = $2, updated_at = now() WHERE id = $1 AND status <> $2', [id, status]);
    },

    /** Several `setStatus` in one statement. */
    async setStatuses(changes: readonly { id: number; status: MessageStatus }[]): Promise<void> {
      if (changes.length === 0) return;
      await q.query(
        `UPDATE messages m SET status = c.status, updated_at = now()
         FROM unnest($1::bigint[], $2::text[]) AS c(id, status)
         WHERE m.id = c.id AND m.status <> c.status`,
        [idArray(changes.map((c) => c.id)), changes.map((c) => c.status)],
      );
    },

    /** Delete for everyone: the content goes, the row stays as a recalled placeholder. */
    async recall(id: number): Promise<StoredMessage | null> {
      const { rows } = await q.query(`UPDATE messages SET ${WIPE}, recalled_at = now() WHERE id = $1 AND recalled_at IS NULL RETURNING *`, [id]);
      return rows[0] ? toMessage(rows[0]) : null;
    },

    async updatePolling(id: number, polling: unknown): Promise<StoredMessage | null> {
      const { rows } = await q.query('UPDATE messages SET polling = $2::jsonb, updated_at = now() WHERE id = $1 RETURNING *', [id, JSON.stringify(polling)]);
      return rows[0] ? toMessage(rows[0]) : null;
    },

    async setVoiceToText(id: number, text: string): Promise<void> {
      await q.query('UPDATE messages SET voice_to_text = $2, updated_at = now() WHERE id = $1', [id, text]);
    },

    /** Self-destruct sweep: wipes the messages whose time has come; returns them (to notify rooms). */
    async wipeExpired(now: Date = new Date()): Promise<{ id: number; roomId: number }[]> {
      const { rows } = await q.query(
        `UPDATE messages SET ${WIPE} WHERE expires_at <= $1 AND status <> 'ALL_DELETED' RETURNING id, room_id`,
        [now],
      );
      return rows.map((r) => ({ id: toId(r.id), roomId: toId(r.room_id) }));
    },

    /** getdatastorage: count and bytes of the account's sent messages per type. */
    async storageByType(senderId: number): Promise<{ messageType: string; count: number; totalSize: number }[]> {
      const { rows } = await q.query(
        `SELECT message_type, count(*) AS n, coalesce(sum(filesize), 0) AS size FROM messages
         WHERE sender_id = $1 AND status <> 'ALL_DELETED' GROUP BY message_type ORDER BY message_type`,
        [senderId],
      );
      return rows.map((r) => ({ messageType: String(r.message_type), count: toId(r.n), totalSize: toId(r.size) }));
    },
  };
  return repo;
}

export type MessagesRepo = ReturnType<typeof messagesRepo>;
