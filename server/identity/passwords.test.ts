import { describe, expect, it } from 'vitest';
import { DEFAULT_SCRYPT, hashPassword, needsRehash, verifyPassword } from './passwords.ts';

describe('password hashing', () => {
  it('encodes scrypt$N$r$p$salt$hash with the default cost and a 16-byte salt', async () => {
    const encoded = await hashPassword('Passw0rd!');
    const parts = encoded.split('$');
    expect(parts.slice(0, 4)).toEqual(['scrypt', '32768', '8', '1']);
    expect(Buffer.from(parts[4] ?? '', 'base64')).toHaveLength(16);
    expect(Buffer.from(parts[5] ?? '', 'base64')).toHaveLength(32);
    expect(DEFAULT_SCRYPT).toEqual({ N: 32768, r: 8, p: 1 });
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const encoded = await hashPassword('Passw0rd!');
    expect(await verifyPassword('Passw0rd!', encoded)).toBe(true);
    expect(await verifyPassword('passw0rd!', encoded)).toBe(false);
    expect(await verifyPassword('', encoded)).toBe(false);
  });

  it('salts: the same password hashes differently each time', async () => {
    const a = await hashPassword('same');
    const b = await hashPassword('same');
    expect(a).not.toBe(b);
    expect(await verifyPassword('same', a)).toBe(true);
    expect(await verifyPassword('same', b)).toBe(true);
  });

  it('treats unicode forms of one password as the same password', async () => {
    const encoded = await hashPassword('caf\u00e9');
    expect(await verifyPassword('cafe\u0301', encoded)).toBe(true);
  });

  it('refuses malformed or tampered hashes instead of throwing', async () => {
    const encoded = await hashPassword('x', { N: 1024, r: 8, p: 1 });
    const parts = encoded.split('$');
    for (const bad of [
      '',
      'plain-text-password',
      `bcrypt$${parts.slice(1).join('$')}`,
      ['scrypt', '1000', ...parts.slice(2)].join('$'), // N not a power of two
      ['scrypt', String(2 ** 24), ...parts.slice(2)].join('$'), // absurd cost
      [...parts.slice(0, 5), Buffer.from('short').toString('base64')].join('$'),
    ]) {
      expect(await verifyPassword('x', bad)).toBe(false);
    }
    // A flipped hash byte no longer verifies.
    const hash = Buffer.from(parts[5] ?? '', 'base64');
    hash[0] = (hash[0] ?? 0) ^ 1;
    expect(await verifyPassword('x', [...parts.slice(0, 5), hash.toString('base64')].join('$'))).toBe(false);
  });

  it('asks for a rehash of hashes made with a lower cost', async () => {
    const weak = await hashPassword('x', { N: 1024, r: 8, p: 1 });
    expect(await verifyPassword('x', weak)).toBe(true);
    expect(needsRehash(weak)).toBe(true);
    expect(needsRehash(await hashPassword('x'))).toBe(false);
    expect(needsRehash('garbage')).toBe(true);
  });
});
