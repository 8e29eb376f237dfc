// Key material held by the server: each user's RSA key pair, and the AES key records of rooms
// (one current key per room; retired keys stay readable for old messages) plus the common key.
import { normaliseLoginName } from '../../identity/login-name.ts';
import type { Queryable, Row } from '../db.ts';
import type { AesAlgorithm, AesKeyRecord } from '../../crypto/aes.ts';
import { idArray, onlyRow, toDate, toDateOrNull, toId, toIdOrNull } from './convert.ts';

export interface UserKeyPair {
  accountId: number;
  /** SPKI PEM */
  publicKeyPem: string;
  /** PKCS#8 PEM */
  privateKeyPem: string;
  createdAt: Date;
}

export interface StoredAesKey extends AesKeyRecord {
  /** null for the common key */
  roomId: number | null;
  createdAt: Date;
  retiredAt: Date | null;
  /** The room's latest member set when the key was made (null for the common key, or a room without members yet). */
  memberSetId: number | null;
}

export function toStoredAesKey(r: Row): StoredAesKey {
  return {
    messageKeyUuid: String(r.message_key_uuid),
    aesKey: String(r.aes_key),
    algorithm: String(r.algorithm) as AesAlgorithm,
    roomId: toIdOrNull(r.room_id),
    createdAt: toDate(r.created_at),
    retiredAt: toDateOrNull(r.retired_at),
    memberSetId: toIdOrNull(r.member_set_id),
  };
}

export function keysRepo(q: Queryable) {
  async function pairByLoginName(loginName: string): Promise<UserKeyPair | null> {
    const { rows } = await q.query(
      `SELECT k.account_id, k.public_key_pem, k.private_key_pem, k.created_at FROM user_key_pairs k JOIN accounts a ON a.id = k.account_id
       WHERE a.login_key = $1 AND NOT a.disabled`,
      [normaliseLoginName(loginName)],
    );
    const r = rows[0];
    return r
      ? { accountId: toId(r.account_id), publicKeyPem: String(r.public_key_pem), privateKeyPem: String(r.private_key_pem), createdAt: toDate(r.created_at) }
      : null;
  }

  return {
    /** Stores (or replaces) the user's key pair. */
    async saveUserKeyPair(accountId: number, pair: { publicKeyPem: string; privateKeyPem: string }): Promise<void> {
      await q.query(
        `INSERT INTO user_key_pairs (account_id, public_key_pem, private_key_pem) VALUES ($1, $2, $3)
         ON CONFLICT (account_id) DO UPDATE SET public_key_pem = EXCLUDED.public_key_pem,
           private_key_pem = EXCLUDED.private_key_pem, created_at = now()`,
        [accountId, pair.publicKeyPem, pair.privateKeyPem],
      );
    },

    async getUserKeyPair(accountId: number): Promise<UserKeyPair | null> {
      const { rows } = await q.query('SELECT * FROM user_key_pairs WHERE account_id = $1', [accountId]);
      const r = rows[0];
      return r ? { accountId, publicKeyPem: String(r.public_key_pem), privateKeyPem: String(r.private_key_pem), createdAt: toDate(r.created_at) } : null;
    },

    /** getuserpubkey: the public half by login name (case-insensitive), null if unknown or disabled. */
    async getUserPublicKeyByLoginName(loginName: string): Promise<string | null> {
      return (await pairByLoginName(loginName))?.publicKeyPem ?? null;
    },

    /** Both halves by login name, null if unknown or disabled: getuserpubkey and envelopes run this same query. */
    getUserKeyPairByLoginName: pairByLoginName,

    /** Makes `record` the room's current key, retiring the previous one (re-keying). */
    async setRoomKey(roomId: number, record: AesKeyRecord): Promise<StoredAesKey> {
      await q.query('UPDATE aes_keys SET retired_at = now() WHERE room_id = $1 AND retired_at IS NULL', [roomId]);
      const { rows } = await q.query(
        `INSERT INTO aes_keys (message_key_uuid, room_id, aes_key, algorithm, member_set_id)
         VALUES ($1, $2, $3, $4, (SELECT max(id) FROM room_member_sets WHERE room_id = $2)) RETURNING *`,
        [record.messageKeyUuid, roomId, record.aesKey, record.algorithm],
      );
      return toStoredAesKey(onlyRow(rows));
    },

    /**
     * The room's current key, and whether the room's membership changed after it was made: a member set newer
     * than the key's and recorded in a later transaction than the key (a room created with its members and its
     * key in one transaction does not count as a change). One statement.
     */
    async currentRoomKeyState(roomId: number): Promise<{ key: StoredAesKey; membershipChanged: boolean } | null> {
      const { rows } = await q.query(
        `SELECT k.*, EXISTS (SELECT 1 FROM room_member_sets s WHERE s.room_id = k.room_id AND s.id > coalesce(k.member_set_id, 0)
                               AND s.created_at > k.created_at) AS membership_changed
         FROM aes_keys k WHERE k.room_id = $1 AND k.retired_at IS NULL`,
        [roomId],
      );
      const r = rows[0];
      return r ? { key: toStoredAesKey(r), membershipChanged: r.membership_changed === true } : null;
    },

    async currentRoomKey(roomId: number): Promise<StoredAesKey | null> {
      const { rows } = await q.query('SELECT * FROM aes_keys WHERE room_id = $1 AND retired_at IS NULL', [roomId]);
      return rows[0] ? toStoredAesKey(rows[0]) : null;
    },

    /** The common key, creating it from `fresh` on first use (racing creators both get the winner). */
    async ensureCommonKey(fresh: AesKeyRecord): Promise<StoredAesKey> {
      await q.query(
        `INSERT INTO aes_keys (message_key_uuid, room_id, aes_key, algorithm) VALUES ($1, NULL, $2, $3)
         ON CONFLICT DO NOTHING`,
        [fresh.messageKeyUuid, fresh.aesKey, fresh.algorithm],
      );
      const { rows } = await q.query('SELECT * FROM aes_keys WHERE room_id IS NULL AND retired_at IS NULL');
      return toStoredAesKey(onlyRow(rows));
    },

    /** getaeskeybymessagekeyuuids; unknown uuids are left out. */
    async findByUuids(uuids: readonly string[]): Promise<StoredAesKey[]> {
      if (uuids.length === 0) return [];
      const { rows } = await q.query('SELECT * FROM aes_keys WHERE message_key_uuid = ANY($1::text[]) ORDER BY created_at', [[...uuids]]);
      return rows.map(toStoredAesKey);
    },


    /**
     * getaeskeybymessagekeyuuids for one account: the common key; keys of rooms the account is in;
     * keys of rooms it left that were made before it left; and keys used by messages of its rooms
     * (forwarded copies keep the key of the room they came from). Unknown or unreadable uuids are left out.
     */
    async findReadableByUuids(uuids: readonly string[], accountId: number): Promise<StoredAesKey[]> {
      if (uuids.length === 0) return [];
      const { rows } = await q.query(
        `SELECT k.* FROM aes_keys k
         WHERE k.message_key_uuid = ANY($1::text[]) AND (
           k.room_id IS NULL
           OR EXISTS (SELECT 1 FROM room_members rm WHERE rm.room_id = k.room_id AND rm.account_id = $2
                        AND (rm.left_at IS NULL OR k.created_at <= rm.left_at))
           OR EXISTS (SELECT 1 FROM messages m JOIN room_members rm ON rm.room_id = m.room_id AND rm.account_id = $2
                        WHERE m.message_key_uuid = k.message_key_uuid AND (rm.left_at IS NULL OR m.created_at <= rm.left_at)))
         ORDER BY k.created_at`,
        [[...uuids], accountId],
      );
      return rows.map(toStoredAesKey);
    },

    async findByUuid(uuid: string): Promise<StoredAesKey | null> {
      const { rows } = await q.query('SELECT * FROM aes_keys WHERE message_key_uuid = $1', [uuid]);
      return rows[0] ? toStoredAesKey(rows[0]) : null;
    },

    /** For checks that a key id belongs to the room a message is sent to. */
    async belongsToRoom(uuid: string, roomId: number): Promise<boolean> {
      const { rows } = await q.query('SELECT 1 FROM aes_keys WHERE message_key_uuid = $1 AND room_id = $2', [uuid, roomId]);
      return rows.length > 0;
    },

    /** Keys of several rooms at once (room list decryption). */
    async currentKeysOfRooms(roomIds: readonly number[]): Promise<StoredAesKey[]> {
      if (roomIds.length === 0) return [];
      const { rows } = await q.query('SELECT * FROM aes_keys WHERE room_id = ANY($1::bigint[]) AND retired_at IS NULL', [idArray(roomIds)]);
      return rows.map(toStoredAesKey);
    },
  };
}

export type KeysRepo = ReturnType<typeof keysRepo>;
