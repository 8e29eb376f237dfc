import forge from 'node-forge';
import { webcrypto } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CryptoFailure } from './errors.ts';
import {
  generateRsaKeyPair,
  generateRsaKeyPairSync,
  importRsaPublicKey,
  rsaOaepDecrypt,
  rsaOaepDecryptAsync,
  rsaOaepEncrypt,
  rsaSign,
  rsaVerify,
} from './rsa.ts';

const alice = generateRsaKeyPairSync();
const bob = generateRsaKeyPairSync();
const sha256 = (): forge.md.MessageDigest => forge.md.sha256.create();
const toBinary = (bytes: Uint8Array): string => Buffer.from(bytes).toString('binary');
const fromBinary = (text: string): Buffer => Buffer.from(text, 'binary');

describe('key pairs', () => {
  it('are RSA-2048, e = 65537, SPKI and PKCS#8 PEM with 64-character lines', async () => {
    const pair = await generateRsaKeyPair();
    expect(pair.publicKeyPem.startsWith('-----BEGIN PUBLIC KEY-----\n')).toBe(true);
    expect(pair.privateKeyPem.startsWith('-----BEGIN PRIVATE KEY-----\n')).toBe(true);
    for (const pem of [pair.publicKeyPem, pair.privateKeyPem]) {
      const body = pem.trimEnd().split('\n').slice(1, -1);
      for (const line of body.slice(0, -1)) expect(line).toHaveLength(64);
    }
    const details = importRsaPublicKey(pair.publicKeyPem).asymmetricKeyDetails;
    expect(details?.modulusLength).toBe(2048);
    expect(details?.publicExponent).toBe(65537n);
  });

  it('imports keys without line breaks', () => {
    const flat = alice.publicKeyPem.replace(/\n/g, '');
    const data = Buffer.from('flat key');
    expect(rsaVerify(flat, data, rsaSign(alice.privateKeyPem.replace(/\n/g, ''), data))).toBe(true);
  });

  it('refuses a key that is not RSA-2048', () => {
    expect(() => importRsaPublicKey('-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----')).toThrow(CryptoFailure);
  });
});

describe('RSA-OAEP SHA-256', () => {
  it('round-trips 32 key bytes', () => {
    const key = Buffer.alloc(32, 9);
    const sealed = rsaOaepEncrypt(alice.publicKeyPem, key);
    expect(sealed).toHaveLength(256);
    expect(rsaOaepDecrypt(alice.privateKeyPem, sealed)).toEqual(key);
  });

  it('fails with the wrong private key', () => {
    const sealed = rsaOaepEncrypt(alice.publicKeyPem, Buffer.alloc(32, 1));
    expect(() => rsaOaepDecrypt(bob.privateKeyPem, sealed)).toThrow(/RSA-OAEP decryption failed/);
  });

  it('interoperates with node-forge using SHA-256 and MGF1-SHA-256', () => {
    const forgePublic = forge.pki.publicKeyFromPem(alice.publicKeyPem);
    const forgePrivate = forge.pki.privateKeyFromPem(alice.privateKeyPem);
    const options = { md: sha256(), mgf1: { md: sha256() } };
    const secret = Buffer.from('0123456789abcdef0123456789abcdef');
    const byForge = fromBinary(forgePublic.encrypt(toBinary(secret), 'RSA-OAEP', options));
    expect(rsaOaepDecrypt(alice.privateKeyPem, byForge)).toEqual(secret);
    const byNode = rsaOaepEncrypt(alice.publicKeyPem, secret);
    expect(fromBinary(forgePrivate.decrypt(toBinary(byNode), 'RSA-OAEP', { md: sha256(), mgf1: { md: sha256() } }))).toEqual(secret);
  });

  it('does not interoperate with forge defaults (SHA-1), so the options above matter', () => {
    const forgePublic = forge.pki.publicKeyFromPem(alice.publicKeyPem);
    const sha1Sealed = fromBinary(forgePublic.encrypt('abc', 'RSA-OAEP'));
    expect(() => rsaOaepDecrypt(alice.privateKeyPem, sha1Sealed)).toThrow(CryptoFailure);
  });
});

describe('RSASSA-PKCS1-v1_5 SHA-256', () => {
  const data = Buffer.from('1700000000000.nonce.{"a":"你好"}', 'utf8');

  it('signs deterministically and verifies', () => {
    const signature = rsaSign(alice.privateKeyPem, data);
    expect(signature).toHaveLength(256);
    expect(rsaSign(alice.privateKeyPem, data)).toEqual(signature);
    expect(rsaVerify(alice.publicKeyPem, data, signature)).toBe(true);
  });

  it('refuses a flipped bit, other data, another key and junk', () => {
    const signature = rsaSign(alice.privateKeyPem, data);
    const flipped = Buffer.from(signature);
    flipped[10] = (flipped[10] ?? 0) ^ 0x01;
    expect(rsaVerify(alice.publicKeyPem, data, flipped)).toBe(false);
    expect(rsaVerify(alice.publicKeyPem, Buffer.from('other'), signature)).toBe(false);
    expect(rsaVerify(bob.publicKeyPem, data, signature)).toBe(false);
    expect(rsaVerify(alice.publicKeyPem, data, Buffer.alloc(3))).toBe(false);
  });

  it('matches node-forge byte for byte, both directions', () => {
    const forgePrivate = forge.pki.privateKeyFromPem(alice.privateKeyPem);
    const forgePublic = forge.pki.publicKeyFromPem(alice.publicKeyPem);
    const md = sha256();
    md.update(toBinary(data));
    const byForge = fromBinary(forgePrivate.sign(md));
    expect(byForge).toEqual(rsaSign(alice.privateKeyPem, data));
    const md2 = sha256();
    md2.update(toBinary(data));
    expect(forgePublic.verify(md2.digest().bytes(), toBinary(rsaSign(alice.privateKeyPem, data)))).toBe(true);
  });
});

describe('RSA-OAEP off the event loop', () => {
  afterEach(() => vi.restoreAllMocks());

  it('opens what the synchronous form opens, and refuses another key', async () => {
    const sealed = rsaOaepEncrypt(alice.publicKeyPem, Buffer.alloc(32, 4));
    expect(await rsaOaepDecryptAsync(alice.privateKeyPem, sealed)).toEqual(Buffer.alloc(32, 4));
    await expect(rsaOaepDecryptAsync(bob.privateKeyPem, sealed)).rejects.toThrow(/RSA-OAEP decryption failed/);
  });

  it('imports a key again after one import failed (a failure is not cached)', async () => {
    const carol = generateRsaKeyPairSync();
    const sealed = rsaOaepEncrypt(carol.publicKeyPem, Buffer.alloc(32, 5));
    const importKey = vi.spyOn(webcrypto.subtle, 'importKey').mockRejectedValueOnce(new Error('import failed once'));
    await expect(rsaOaepDecryptAsync(carol.privateKeyPem, sealed)).rejects.toThrow('import failed once');
    expect(await rsaOaepDecryptAsync(carol.privateKeyPem, sealed)).toEqual(Buffer.alloc(32, 5));
    // Imported once more after the failure, then remembered.
    expect(await rsaOaepDecryptAsync(carol.privateKeyPem, sealed)).toEqual(Buffer.alloc(32, 5));
    expect(importKey).toHaveBeenCalledTimes(2);
  });
});
