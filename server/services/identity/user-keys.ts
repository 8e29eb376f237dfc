// The user key pair that belongs to a login name, as getuserpubkey hands it out and envelopes open with it.
// A name that no enabled account holds gets a decoy pair instead of an error, so that neither the answer nor its
// timing says which accounts exist: the decoy is picked from a small pool by a keyed hash of the normalised name
// (the same name always gets the same key, on every process and after restarts), never generated per request.
// A login sealed to a decoy key opens, and then fails exactly like a wrong password (docs/security.md).
import { createHmac, randomBytes } from 'node:crypto';
import { generateRsaKeyPair } from '../../crypto/rsa.ts';
import { normaliseLoginName } from '../../identity/login-name.ts';
import type { DecoyKey } from '../../store/repos/decoys.ts';
import type { Repos } from '../../store/repos/index.ts';

/** Large enough that one decoy is not shared by many names an attacker tries, small enough to make at start-up. */
export const DECOY_POOL_SIZE = 8;
const SECRET_NAME = 'decoy-user-key-selector';

export interface UserKeyPairPem {
  publicKeyPem: string;
  privateKeyPem: string;
}

export interface UserKeyDirectory {
  /** Loads the decoy pool, making whatever part of it is missing (start-up, before the server is ready). */
  prepare(): Promise<void>;
  /** The real pair of an enabled account with a key pair, otherwise the name's decoy. */
  keyPairFor(loginName: string): Promise<UserKeyPairPem>;
}

export function createUserKeyDirectory(repos: Pick<Repos, 'keys' | 'decoys'>): UserKeyDirectory {
  let pool: { selector: Buffer; keys: DecoyKey[] } | null = null;

  function decoyFor(loginName: string): UserKeyPairPem {
    if (!pool) throw new Error('the decoy key pool is not loaded yet');
    const digest = createHmac('sha256', pool.selector).update(normaliseLoginName(loginName), 'utf8').digest();
    const key = pool.keys[digest.readUInt32BE(0) % pool.keys.length];
    if (!key) throw new Error('the decoy key pool is empty');
    return { publicKeyPem: key.publicKeyPem, privateKeyPem: key.privateKeyPem };
  }

  return {
    async prepare() {
      const selector = await repos.decoys.secret(SECRET_NAME, () => randomBytes(32));
      const existing = await repos.decoys.listKeys();
      const missing = Array.from({ length: DECOY_POOL_SIZE }, (_, slot) => slot).filter((slot) => !existing.some((k) => k.slot === slot));
      const made = await Promise.all(missing.map(async (slot) => ({ slot, ...(await generateRsaKeyPair()) })));
      for (const key of made) await repos.decoys.addKey(key);
      pool = { selector, keys: await repos.decoys.listKeys() };
    },

    async keyPairFor(loginName) {
      // The same query runs for every name; only what follows it differs, and that is an HMAC.
      const real = await repos.keys.getUserKeyPairByLoginName(loginName);
      return real ? { publicKeyPem: real.publicKeyPem, privateKeyPem: real.privateKeyPem } : decoyFor(loginName);
    },
  };
}
