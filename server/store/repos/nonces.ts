// Envelope nonces seen within the replay window (080_seen_nonces.sql), shared by every server process.
import type { Queryable } from '../db.ts';

export interface NoncesOptions {
  /**
   * How a remembered nonce commits. 'relaxed' (default): without waiting for PostgreSQL to flush the commit to
   * disk (docs/server-storage.md "The replay nonce's commit" says why that is safe); 'flushed': waiting, as any
   * commit does, for the store benchmark's side-by-side figures.
   */
  commit?: 'relaxed' | 'flushed';
}

const ACCEPT = `ON CONFLICT (nonce) DO UPDATE SET expires_at_ms = EXCLUDED.expires_at_ms
           WHERE seen_nonces.expires_at_ms < $3
         RETURNING nonce`;
/**
 * The row comes through a `set_config(…, true)` that turns synchronous_commit off for this statement's own
 * transaction only (it ends with the statement): never run it inside a longer transaction, whose commit it
 * would relax too.
 */
const REMEMBER_RELAXED = `INSERT INTO seen_nonces (nonce, expires_at_ms)
         SELECT $1, $2 FROM (SELECT set_config('synchronous_commit', 'off', true)) AS relaxed_commit
         ${ACCEPT}`;
const REMEMBER_FLUSHED = `INSERT INTO seen_nonces (nonce, expires_at_ms) VALUES ($1, $2)
         ${ACCEPT}`;

export function noncesRepo(q: Queryable, options: NoncesOptions = {}) {
  const remember = options.commit === 'flushed' ? REMEMBER_FLUSHED : REMEMBER_RELAXED;
  return {
    /**
     * Records the nonce until `expiresAtMs`; false when it is already recorded and not yet expired (a replay).
     * One statement, so two processes that receive the same envelope at once cannot both accept it. Called on the
     * database, never inside a transaction (see REMEMBER_RELAXED).
     */
    async remember(nonce: string, expiresAtMs: number, nowMs: number): Promise<boolean> {
      const { rows } = await q.query(remember, [nonce, expiresAtMs, nowMs]);
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
