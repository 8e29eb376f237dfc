// Envelope nonces seen within the replay window (080_seen_nonces.sql), shared by every server process.
import type { Queryable } from '../db.ts';

export function noncesRepo(q: Queryable) {
  return {
    /**
     * Records the nonce until `expiresAtMs`; false when it is already recorded and not yet expired (a replay).
     * One statement, so two processes that receive the same envelope at once cannot both accept it.
     */
    async remember(nonce: string, expiresAtMs: number, nowMs: number): Promise<boolean> {
      const { rows } = await q.query(
        `INSERT INTO seen_nonces (nonce, expires_at_ms) VALUES ($1, $2)
         ON CONFLICT (nonce) DO UPDATE SET expires_at_ms = EXCLUDED.expires_at_ms
           WHERE seen_nonces.expires_at_ms < $3
         RETURNING nonce`,
        [nonce, expiresAtMs, nowMs],
      );
      return rows.length === 1;
    },

    /** Drops nonces whose envelopes are stale anyway; returns how many. */
    async forgetExpired(nowMs: number): Promise<number> {
      const { rowCount } = await q.query('DELETE FROM seen_nonces WHERE expires_at_ms < $1', [nowMs]);
      return rowCount;
    },
  };
}

export type NoncesRepo = ReturnType<typeof noncesRepo>;
