import { describe, expect, it } from 'vitest';
import { aesVectors } from '../testing/vectors.ts';
import { AesDecryptError, decryptAes, decryptAesText, encryptAes, encryptAesText, newAesKeyRecord } from './aes.ts';
import { fromBase64, fromHex, toBase64, utf8Encode } from './bytes.ts';

describe('AES vectors (tests/vectors/aes.json)', () => {
  it('include the CTR carry vector', () => {
    expect(aesVectors.map((v) => v.name)).toContain('CTR-128-bit-counter-carry');
  });

  it.each(aesVectors.map((v) => [v.name, v] as const))('%s encrypts to the expected bytes and back', async (_name, v) => {
    const record = { aesKey: v.aesKey, algorithm: v.algorithm };
    expect(await encryptAes(record, utf8Encode(v.plaintext), fromHex(v.ivHex))).toBe(v.expected);
    expect(await decryptAesText(record, v.expected)).toBe(v.plaintext);
  });
});

describe('AES', () => {
  it.each(['CBC', 'CTR', 'GCM'] as const)('%s round-trips bytes and text with a random IV', async (algorithm) => {
    const record = newAesKeyRecord(algorithm);
    expect(fromBase64(record.aesKey)).toHaveLength(32);
    const bytes = new Uint8Array(70_000).map((_, i) => i % 251);
    const encrypted = await encryptAes(record, bytes);
    expect(await decryptAes(record, encrypted)).toEqual(bytes);
    const a = await encryptAesText(record, '會議室 3 號');
    const b = await encryptAesText(record, '會議室 3 號');
    expect(a).not.toBe(b); // fresh IV each time
    expect(await decryptAesText(record, a)).toBe('會議室 3 號');
  });

  it('uses IVs of 16 (CBC, CTR) and 12 (GCM) bytes, with a 16-byte GCM tag', async () => {
    const plain = utf8Encode('abc');
    expect(fromBase64(await encryptAes(newAesKeyRecord('CTR'), plain))).toHaveLength(16 + 3);
    expect(fromBase64(await encryptAes(newAesKeyRecord('GCM'), plain))).toHaveLength(12 + 3 + 16);
    expect(fromBase64(await encryptAes(newAesKeyRecord('CBC'), plain))).toHaveLength(16 + 16);
  });

  it('refuses a wrong GCM tag, a wrong key, bad padding and junk', async () => {
    const gcm = aesVectors.find((v) => v.name === 'GCM-ascii')!;
    const raw = fromBase64(gcm.expected);
    raw[raw.length - 1]! ^= 1;
    await expect(decryptAes({ aesKey: gcm.aesKey, algorithm: 'GCM' }, toBase64(raw))).rejects.toBeInstanceOf(AesDecryptError);
    const cbc = aesVectors.find((v) => v.name === 'CBC-ascii')!;
    await expect(decryptAesText(newAesKeyRecord('CBC'), cbc.expected)).rejects.toBeInstanceOf(AesDecryptError);
    await expect(decryptAes(newAesKeyRecord('GCM'), 'not base64!')).rejects.toBeInstanceOf(AesDecryptError);
    await expect(decryptAes(newAesKeyRecord('GCM'), toBase64(new Uint8Array(20)))).rejects.toThrow(/too short/);
  });
});
