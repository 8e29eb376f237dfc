// Server-wide secrets and the decoy user keys (070_decoy_user_keys.sql). Both are written once by whichever
// process starts first; later writers lose the race quietly and read the winner's rows.
import type { Queryable } from '../db.ts';

export interface DecoyKey {
  slot: number;
  publicKeyPem: string;
  privateKeyPem: string;
}

export function decoysRepo(q: Queryable) {
  return {
    /** The named secret, created from `make()` if no process made it yet. */
    async secret(name: string, make: () => Uint8Array): Promise<Buffer> {
      await q.query('INSERT INTO server_secrets (name, secret) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [name, make()]);
      const { rows } = await q.query('SELECT secret FROM server_secrets WHERE name = $1', [name]);
      const value = rows[0]?.secret;
      if (!(value instanceof Uint8Array)) throw new Error(`server secret ${name} is missing`);
      return Buffer.from(value);
    },

    async listKeys(): Promise<DecoyKey[]> {
      const { rows } = await q.query('SELECT slot, public_key_pem, private_key_pem FROM decoy_user_keys ORDER BY slot');
      return rows.map((r) => ({ slot: Number(r.slot), publicKeyPem: String(r.public_key_pem), privateKeyPem: String(r.private_key_pem) }));
    },

    async addKey(key: DecoyKey): Promise<void> {
      await q.query(
        'INSERT INTO decoy_user_keys (slot, public_key_pem, private_key_pem) VALUES ($1, $2, $3) ON CONFLICT (slot) DO NOTHING',
        [key.slot, key.publicKeyPem, key.privateKeyPem],
      );
    },
  };
}

export type DecoysRepo = ReturnType<typeof decoysRepo>;
