// The conference join-token signing key: one row (id 1), written once.
import type { Queryable } from '../db.ts';

export interface SigningKey {
  keyId: string;
  privateKeyPem: string;
  publicKeyPem: string;
}

export function conferenceKeyStore(q: Queryable) {
  return {
    async find(): Promise<SigningKey | null> {
      const { rows } = await q.query('SELECT key_id, private_key_pem, public_key_pem FROM conference_signing_keys WHERE id = 1');
      const r = rows[0];
      return r ? { keyId: String(r.key_id), privateKeyPem: String(r.private_key_pem), publicKeyPem: String(r.public_key_pem) } : null;
    },

    /** A second writer racing the first keeps the first key. */
    async insertIfAbsent(key: SigningKey): Promise<void> {
      await q.query(
        `INSERT INTO conference_signing_keys (id, key_id, private_key_pem, public_key_pem) VALUES (1, $1, $2, $3)
         ON CONFLICT (id) DO NOTHING`,
        [key.keyId, key.privateKeyPem, key.publicKeyPem],
      );
    },
  };
}
