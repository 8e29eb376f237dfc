// Counters of the password-guessing throttle and the addresses each login name succeeded from
// (083_login_throttle.sql). Each failure is one upsert, so concurrent processes count every attempt.
import type { Queryable } from '../db.ts';

export type ThrottleScope = 'pair' | 'address' | 'name';

export interface ThrottleSubject {
  scope: ThrottleScope;
  subject: string;
}

export function loginThrottleRepo(q: Queryable) {
  return {
    /** The latest `blocked_until_ms` in the future among the subjects, with its scope; null when none blocks. */
    async blocking(subjects: readonly ThrottleSubject[], nowMs: number): Promise<{ scope: ThrottleScope; untilMs: number } | null> {
      if (subjects.length === 0) return null;
      const { rows } = await q.query(
        `SELECT scope, blocked_until_ms FROM login_throttle
         WHERE (scope, subject) IN (SELECT * FROM unnest($1::text[], $2::text[])) AND blocked_until_ms > $3
         ORDER BY blocked_until_ms DESC LIMIT 1`,
        [subjects.map((s) => s.scope), subjects.map((s) => s.subject), nowMs],
      );
      const r = rows[0];
      return r ? { scope: String(r.scope) as ThrottleScope, untilMs: Number(r.blocked_until_ms) } : null;
    },

    /** Counts one failure (a count older than `windowMs` starts again at 1); returns the new count. */
    async countFailure(subject: ThrottleSubject, nowMs: number, windowMs: number): Promise<number> {
      const { rows } = await q.query(
        `INSERT INTO login_throttle AS t (scope, subject, failures, last_failure_ms) VALUES ($1, $2, 1, $3)
         ON CONFLICT (scope, subject) DO UPDATE SET
           failures = CASE WHEN t.last_failure_ms < $3 - $4 THEN 1 ELSE t.failures + 1 END,
           last_failure_ms = $3
         RETURNING failures`,
        [subject.scope, subject.subject, nowMs, windowMs],
      );
      return Number(rows[0]?.failures ?? 1);
    },

    async blockUntil(subject: ThrottleSubject, untilMs: number): Promise<void> {
      await q.query('UPDATE login_throttle SET blocked_until_ms = GREATEST(blocked_until_ms, $3) WHERE scope = $1 AND subject = $2', [
        subject.scope,
        subject.subject,
        untilMs,
      ]);
    },

    async clear(subject: ThrottleSubject): Promise<void> {
      await q.query('DELETE FROM login_throttle WHERE scope = $1 AND subject = $2', [subject.scope, subject.subject]);
    },

    async rememberAddress(loginKey: string, address: string, nowMs: number): Promise<void> {
      await q.query(
        `INSERT INTO login_known_addresses (login_key, address, last_success_ms) VALUES ($1, $2, $3)
         ON CONFLICT (login_key, address) DO UPDATE SET last_success_ms = EXCLUDED.last_success_ms`,
        [loginKey, address, nowMs],
      );
    },

    async isKnownAddress(loginKey: string, address: string): Promise<boolean> {
      const { rows } = await q.query('SELECT 1 FROM login_known_addresses WHERE login_key = $1 AND address = $2', [loginKey, address]);
      return rows.length > 0;
    },

    /** Whether the account ever had a session on this device id (the device proves itself with it). */
    async isKnownDevice(accountId: number, deviceId: string): Promise<boolean> {
      const { rows } = await q.query('SELECT 1 FROM sessions WHERE account_id = $1 AND device_id = $2 LIMIT 1', [accountId, deviceId]);
      return rows.length > 0;
    },

    /** Housekeeping: drops counters idle for longer than `windowMs` and not blocking. */
    async forgetIdle(nowMs: number, windowMs: number): Promise<number> {
      const { rowCount } = await q.query('DELETE FROM login_throttle WHERE last_failure_ms < $1 AND blocked_until_ms < $2', [nowMs - windowMs, nowMs]);
      return rowCount;
    },
  };
}

export type LoginThrottleRepo = ReturnType<typeof loginThrottleRepo>;
