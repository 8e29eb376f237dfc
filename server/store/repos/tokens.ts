// Short-lived login secrets: login tokens, OTPs, QR tokens, next-tokens and JWT ids.
// Stored as SHA-256 hashes; a use takes one from remaining_count in a single UPDATE, so two
// concurrent uses of a one-time token cannot both succeed.
import { createHash } from 'node:crypto';
import type { Queryable, Row } from '../db.ts';
import { onlyRow, textOrNull, toDate, toDateOrNull, toId, toIdOrNull, toJson } from './convert.ts';

/** Open list: the login flows name their own kinds (AUTH_OTP for QR login, for example). */
export type TokenType = 'LOGIN_TOKEN' | 'OTP' | 'AUTH_OTP' | 'QR' | 'NEXT_TOKEN' | 'JWT' | (string & {});
export type TokenStatus = 'PENDING' | 'SCANNED' | 'USED' | 'EXPIRED' | 'FAILED' | 'REVOKED' | (string & {});

export interface AuthToken {
  id: number;
  tokenType: TokenType;
  accountId: number | null;
  systemId: string | null;
  data: Record<string, unknown>;
  ttlSeconds: number;
  remainingCount: number;
  status: TokenStatus;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
}

export interface NewAuthToken {
  /** The secret handed out; only its hash is stored. */
  token: string;
  tokenType: TokenType;
  accountId?: number | null;
  systemId?: string | null;
  data?: Record<string, unknown>;
  ttlSeconds: number;
  remainingCount?: number;
  now?: Date;
  /** The session that asked for it; its logout revokes the token (081_token_revocation.sql). */
  issuedBySession?: string | null;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

function toAuthToken(r: Row): AuthToken {
  return {
    id: toId(r.id),
    tokenType: String(r.token_type),
    accountId: toIdOrNull(r.account_id),
    systemId: textOrNull(r.system_id),
    data: toJson<Record<string, unknown>>(r.data),
    ttlSeconds: Number(r.ttl_seconds),
    remainingCount: Number(r.remaining_count),
    status: String(r.status),
    createdAt: toDate(r.created_at),
    expiresAt: toDate(r.expires_at),
    usedAt: toDateOrNull(r.used_at),
  };
}

export function tokensRepo(q: Queryable) {
  return {
    async issue(input: NewAuthToken): Promise<AuthToken> {
      const now = input.now ?? new Date();
      const { rows } = await q.query(
        `INSERT INTO auth_tokens (token_hash, token_type, account_id, system_id, data, ttl_seconds, remaining_count, created_at, expires_at, issued_by_session)
         VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9, $10) RETURNING *`,
        [
          hashToken(input.token),
          input.tokenType,
          input.accountId ?? null,
          input.systemId ?? null,
          JSON.stringify(input.data ?? {}),
          input.ttlSeconds,
          input.remainingCount ?? 1,
          now,
          new Date(now.getTime() + input.ttlSeconds * 1000),
          input.issuedBySession ?? null,
        ],
      );
      return toAuthToken(onlyRow(rows));
    },

    /** The token whatever its state (for status polling); `null` if unknown or of another type. */
    async find(token: string, tokenType: TokenType): Promise<AuthToken | null> {
      const { rows } = await q.query('SELECT * FROM auth_tokens WHERE token_hash = $1 AND token_type = $2', [hashToken(token), tokenType]);
      return rows[0] ? toAuthToken(rows[0]) : null;
    },

    /**
     * Uses the token once: succeeds only while it is PENDING (or SCANNED), unexpired and has uses left.
     * The last use marks it USED. `null` means the token cannot be used.
     */
    async consume(token: string, tokenType: TokenType, now: Date = new Date()): Promise<AuthToken | null> {
      const { rows } = await q.query(
        `UPDATE auth_tokens
         SET remaining_count = remaining_count - 1,
             status = CASE WHEN remaining_count - 1 = 0 THEN 'USED' ELSE status END,
             used_at = $3
         WHERE token_hash = $1 AND token_type = $2 AND status IN ('PENDING', 'SCANNED')
           AND remaining_count > 0 AND expires_at > $3
         RETURNING *`,
        [hashToken(token), tokenType, now],
      );
      return rows[0] ? toAuthToken(rows[0]) : null;
    },

    /** E.g. a QR token scanned by a logged-in phone: SCANNED with the account that scanned it. */
    async setStatus(id: number, status: TokenStatus, accountId?: number): Promise<AuthToken | null> {
      const { rows } = await q.query(
        'UPDATE auth_tokens SET status = $2, account_id = coalesce($3, account_id) WHERE id = $1 RETURNING *',
        [id, status, accountId ?? null],
      );
      return rows[0] ? toAuthToken(rows[0]) : null;
    },

    /** Every live token of the account stops working (password change, logout of all sessions, disable, wipe). */
    async revokeForAccount(accountId: number): Promise<number> {
      const { rowCount } = await q.query(
        `UPDATE auth_tokens SET status = 'REVOKED', remaining_count = 0
         WHERE account_id = $1 AND status IN ('PENDING', 'SCANNED')`,
        [accountId],
      );
      return rowCount;
    },

    /** The live tokens these sessions asked for stop working (their logout). */
    async revokeIssuedBy(sessionIds: readonly string[]): Promise<number> {
      if (sessionIds.length === 0) return 0;
      const { rowCount } = await q.query(
        `UPDATE auth_tokens SET status = 'REVOKED', remaining_count = 0
         WHERE issued_by_session = ANY($1::text[]) AND status IN ('PENDING', 'SCANNED')`,
        [sessionIds],
      );
      return rowCount;
    },

    /** Housekeeping: drops tokens that expired before `now`; returns how many. */
    async deleteExpired(now: Date = new Date()): Promise<number> {
      const { rowCount } = await q.query('DELETE FROM auth_tokens WHERE expires_at <= $1', [now]);
      return rowCount;
    },
  };
}

export type TokensRepo = ReturnType<typeof tokensRepo>;
