/**
 * Password hashing: scrypt (memory-hard, in node:crypto) with a random 16-byte salt.
 * Encoded as `scrypt$N$r$p$salt$hash` (salt and hash base64) so the cost can be raised later while
 * old hashes still verify. Hashing runs on the libuv thread pool, not the event loop.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

export const DEFAULT_SCRYPT: ScryptParams = { N: 2 ** 15, r: 8, p: 1 };
const SALT_BYTES = 16;
const HASH_BYTES = 32;
// Upper bounds when reading a stored hash, so a tampered row cannot make verify() hang or exhaust memory.
const MAX_N = 2 ** 20;
const MAX_R = 32;
const MAX_P = 16;

function derive(password: string, salt: Buffer, params: ScryptParams, length: number): Promise<Buffer> {
  // scrypt needs 128·N·r bytes; Node's default ceiling (32 MiB) is exactly N=2^15, r=8: leave headroom.
  const options: ScryptOptions = { N: params.N, r: params.r, p: params.p, maxmem: 256 * params.N * params.r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, length, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string, params: ScryptParams = DEFAULT_SCRYPT): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(password, salt, params, HASH_BYTES);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), hash.toString('base64')].join('$');
}

/** False for a wrong password and for anything that is not a hash this module wrote. */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const parsed = parse(encoded);
  if (!parsed) return false;
  const actual = await derive(password, parsed.salt, parsed.params, parsed.hash.length);
  return timingSafeEqual(actual, parsed.hash);
}

/** True when the hash was made with weaker parameters than today's (rehash after a successful login). */
export function needsRehash(encoded: string, params: ScryptParams = DEFAULT_SCRYPT): boolean {
  const parsed = parse(encoded);
  return !parsed || parsed.params.N < params.N || parsed.params.r < params.r || parsed.params.p < params.p;
}

function parse(encoded: string): { params: ScryptParams; salt: Buffer; hash: Buffer } | null {
  const parts = encoded.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map((part) => (/^\d{1,8}$/.test(part) ? Number(part) : NaN));
  if (N === undefined || r === undefined || p === undefined) return null;
  const powerOfTwo = Number.isInteger(N) && N > 1 && (N & (N - 1)) === 0;
  if (!powerOfTwo || N > MAX_N || !(r >= 1 && r <= MAX_R) || !(p >= 1 && p <= MAX_P)) return null;
  const salt = Buffer.from(parts[4] ?? '', 'base64');
  const hash = Buffer.from(parts[5] ?? '', 'base64');
  if (salt.length < 8 || hash.length < 16) return null;
  return { params: { N, r, p }, salt, hash };
}
