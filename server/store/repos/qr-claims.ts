// QR login tokens and the login-socket connection each is bound to (090_qr_login_claims.sql).
import { createHash } from 'node:crypto';
import type { Queryable } from '../db.ts';

const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export function qrClaimsRepo(q: Queryable) {
  return {
    /**
     * Binds the token to the connection unless another holds it; true when this connection holds it now. One
     * statement decides, so two connections (on any processes) subscribing at once cannot both win.
     */
    async claim(token: string, connectionId: string): Promise<boolean> {
      const { rows } = await q.query(
        `INSERT INTO qr_login_claims (token_hash, connection_id) VALUES ($1, $2)
         ON CONFLICT (token_hash) DO UPDATE SET claimed_at = qr_login_claims.claimed_at
           WHERE qr_login_claims.connection_id = EXCLUDED.connection_id
         RETURNING connection_id`,
        [hashToken(token), connectionId],
      );
      return rows.length === 1;
    },

    /**
     * Marks a token a login page holds as used, once: true for the first call, false when no page holds it or it
     * was used already. One statement decides, so two phones sending it at once cannot both get a code.
     */
    async consume(token: string): Promise<boolean> {
      const { rows } = await q.query(
        'UPDATE qr_login_claims SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL RETURNING 1',
        [hashToken(token)],
      );
      return rows.length === 1;
    },

    /** Drops claims made before `before` (a QR page refreshes its token long before); returns how many. */
    async forgetOlderThan(before: Date): Promise<number> {
      const { rowCount } = await q.query('DELETE FROM qr_login_claims WHERE claimed_at < $1', [before]);
      return rowCount;
    },
  };
}

export type QrClaimsRepo = ReturnType<typeof qrClaimsRepo>;
