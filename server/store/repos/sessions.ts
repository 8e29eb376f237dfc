// Login sessions: one per login of a device, found by its api key (stored only as a SHA-256 hash).
import { createHash, randomUUID } from 'node:crypto';
import type { Queryable, Row } from '../db.ts';
import { onlyRow, textOrNull, toDate, toDateOrNull, toId, toJson, toStrings } from './convert.ts';

export type DeviceInfo = Record<string, unknown>;

export interface Session {
  id: string;
  accountId: number;
  deviceId: string;
  devicePubKeyPem: string;
  deviceInfo: DeviceInfo;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  loggedOutAt: Date | null;
  logoutReason: string | null;
}

export interface NewSession {
  accountId: number;
  /** The api key handed to the client; only its hash is stored. */
  apiKey: string;
  deviceId: string;
  devicePubKeyPem: string;
  deviceInfo?: DeviceInfo;
  expiresAt: Date;
}

export function hashApiKey(apiKey: string): string {
  return createHash('sha256').update(apiKey, 'utf8').digest('hex');
}

function toSession(r: Row): Session {
  return {
    id: String(r.id),
    accountId: toId(r.account_id),
    deviceId: String(r.device_id),
    devicePubKeyPem: String(r.device_pub_key_pem),
    deviceInfo: toJson<DeviceInfo>(r.device_info),
    createdAt: toDate(r.created_at),
    lastSeenAt: toDate(r.last_seen_at),
    expiresAt: toDate(r.expires_at),
    loggedOutAt: toDateOrNull(r.logged_out_at),
    logoutReason: textOrNull(r.logout_reason),
  };
}

export function sessionsRepo(q: Queryable) {
  return {
    async create(input: NewSession): Promise<Session> {
      const { rows } = await q.query(
        `INSERT INTO sessions (id, api_key_hash, account_id, device_id, device_pub_key_pem, device_info, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7) RETURNING *`,
        [randomUUID(), hashApiKey(input.apiKey), input.accountId, input.deviceId, input.devicePubKeyPem, JSON.stringify(input.deviceInfo ?? {}), input.expiresAt],
      );
      return toSession(onlyRow(rows));
    },

    async findById(id: string): Promise<Session | null> {
      const { rows } = await q.query('SELECT * FROM sessions WHERE id = $1', [id]);
      return rows[0] ? toSession(rows[0]) : null;
    },

    /** The session of an api key if it is neither logged out nor expired at `now`. */
    async findActiveByApiKey(apiKey: string, now: Date = new Date()): Promise<Session | null> {
      const { rows } = await q.query(
        'SELECT * FROM sessions WHERE api_key_hash = $1 AND logged_out_at IS NULL AND expires_at > $2',
        [hashApiKey(apiKey), now],
      );
      return rows[0] ? toSession(rows[0]) : null;
    },

    /**
     * findActiveByApiKey with what every secured call needs of its account (login name, function roles), in one
     * statement; null also when the account is disabled.
     */
    async findActiveWithAccount(apiKey: string, now: Date): Promise<{ session: Session; loginName: string; functionRoles: string[] } | null> {
      const { rows } = await q.query(
        `SELECT s.*, a.login_name AS account_login_name, a.function_roles AS account_function_roles
         FROM sessions s JOIN accounts a ON a.id = s.account_id AND NOT a.disabled
         WHERE s.api_key_hash = $1 AND s.logged_out_at IS NULL AND s.expires_at > $2`,
        [hashApiKey(apiKey), now],
      );
      const r = rows[0];
      return r ? { session: toSession(r), loginName: String(r.account_login_name), functionRoles: toStrings(r.account_function_roles) } : null;
    },

    /**
     * Why the session of an api key was ended (its logout_reason: LOGOUT, LOGOUT_OTHER_SESSION, REMOTE_WIPE, ...), or
     * null when it was not logged out (unknown, or only expired). Read only when a call is refused.
     */
    async endReasonByApiKey(apiKey: string): Promise<string | null> {
      const { rows } = await q.query('SELECT logout_reason FROM sessions WHERE api_key_hash = $1 AND logged_out_at IS NOT NULL', [hashApiKey(apiKey)]);
      return rows[0] ? textOrNull(rows[0].logout_reason) : null;
    },

    /** Records use and slides the expiry forward (idle timeout). */
    async touch(id: string, now: Date, expiresAt: Date): Promise<void> {
      await q.query('UPDATE sessions SET last_seen_at = $2, expires_at = $3 WHERE id = $1 AND logged_out_at IS NULL', [id, now, expiresAt]);
    },

    async logout(id: string, reason = 'LOGOUT'): Promise<boolean> {
      const { rowCount } = await q.query(
        'UPDATE sessions SET logged_out_at = now(), logout_reason = $2 WHERE id = $1 AND logged_out_at IS NULL',
        [id, reason],
      );
      return rowCount > 0;
    },

    /** Ends every live session of the account except `keepSessionId`; returns the ended sessions' ids. */
    async logoutOthers(accountId: number, keepSessionId: string | null, reason = 'LOGOUT_OTHER_SESSION'): Promise<string[]> {
      const { rows } = await q.query(
        `UPDATE sessions SET logged_out_at = now(), logout_reason = $3
         WHERE account_id = $1 AND logged_out_at IS NULL AND ($2::text IS NULL OR id <> $2)
         RETURNING id`,
        [accountId, keepSessionId, reason],
      );
      return rows.map((r) => String(r.id));
    },

    /** Remote wipe: ends the sessions of one device of the account. */
    async logoutDevice(accountId: number, deviceId: string, reason = 'REMOTE_WIPE'): Promise<string[]> {
      const { rows } = await q.query(
        `UPDATE sessions SET logged_out_at = now(), logout_reason = $3
         WHERE account_id = $1 AND device_id = $2 AND logged_out_at IS NULL RETURNING id`,
        [accountId, deviceId, reason],
      );
      return rows.map((r) => String(r.id));
    },

    /** Whether the account ever signed in on this device (a wipe may reach a device that is offline now). */
    async hasDevice(accountId: number, deviceId: string): Promise<boolean> {
      const { rows } = await q.query('SELECT 1 FROM sessions WHERE account_id = $1 AND device_id = $2 LIMIT 1', [accountId, deviceId]);
      return rows.length > 0;
    },

    async listActive(accountId: number, now: Date = new Date()): Promise<Session[]> {
      const { rows } = await q.query(
        'SELECT * FROM sessions WHERE account_id = $1 AND logged_out_at IS NULL AND expires_at > $2 ORDER BY created_at',
        [accountId, now],
      );
      return rows.map(toSession);
    },

    /** The latest logins of the account, newest first (logInfo). */
    async recentLogins(accountId: number, limit = 2): Promise<Session[]> {
      const { rows } = await q.query('SELECT * FROM sessions WHERE account_id = $1 ORDER BY created_at DESC, id LIMIT $2', [accountId, limit]);
      return rows.map(toSession);
    },

    /** For presence: the latest use of a live session of each account (accounts without one are left out). */
    async lastSeenOfAccounts(accountIds: readonly number[], now: Date = new Date()): Promise<Map<number, Date>> {
      const result = new Map<number, Date>();
      if (accountIds.length === 0) return result;
      const { rows } = await q.query(
        `SELECT account_id, max(last_seen_at) AS last_seen FROM sessions
         WHERE account_id = ANY($1::bigint[]) AND logged_out_at IS NULL AND expires_at > $2 GROUP BY account_id`,
        [accountIds.map((id) => toId(id)), now],
      );
      for (const r of rows) result.set(toId(r.account_id), toDate(r.last_seen));
      return result;
    },
  };
}

export type SessionsRepo = ReturnType<typeof sessionsRepo>;
