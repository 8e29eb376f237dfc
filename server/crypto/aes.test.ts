import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  AES_ALGORITHMS,
  decryptAes,
  decryptAesJson,
  decryptAesText,
  encryptAes,
  encryptAesJson,
  encryptAesText,
  newAesKeyRecord,
} from './aes.ts';
import { CryptoFailure } from './errors.ts';

const samples = ['', 'hello', '你好，世界 🌏', 'x'.repeat(1000)];

describe.each(AES_ALGORITHMS)('AES-%s', (algorithm) => {
  it('round-trips text of any length, including empty and CJK', () => {
    const record = newAesKeyRecord(algorithm);
    for (const text of samples) {
      expect(decryptAesText(record, encryptAesText(record, text))).toBe(text);
    }
  });

  it('round-trips JSON and raw bytes', () => {
    const record = newAesKeyRecord(algorithm);
    const value = { a: 1, b: ['二', null], c: { d: true } };
    expect(decryptAesJson(record, encryptAesJson(record, value))).toEqual(value);
    const bytes = new Uint8Array(4099).map((_, i) => i % 251);
    expect(Buffer.from(decryptAes(record, encryptAes(record, bytes)))).toEqual(Buffer.from(bytes));
  });

  it('puts the IV first and uses a fresh IV each time', () => {
    const record = newAesKeyRecord(algorithm);
    const ivLen = algorithm === 'GCM' ? 12 : 16;
    const iv = new Uint8Array(ivLen).fill(7);
    const out = Buffer.from(encryptAesText(record, 'abc', iv), 'base64');
    expect(out.subarray(0, ivLen)).toEqual(Buffer.from(iv));
    const expectedLength = { CBC: 16 + 16, CTR: 16 + 3, GCM: 12 + 3 + 16 }[algorithm];
    expect(out.length).toBe(expectedLength);
    expect(encryptAesText(record, 'abc')).not.toBe(encryptAesText(record, 'abc'));
  });

  it('refuses an IV of the wrong length', () => {
    const record = newAesKeyRecord(algorithm);
    expect(() => encryptAesText(record, 'abc', new Uint8Array(8))).toThrow(CryptoFailure);
  });

  it('does not give back the plaintext under a wrong key', () => {
    const record = newAesKeyRecord(algorithm);
    const other = newAesKeyRecord(algorithm);
    const text = 'a secret message that spans more than one block';
    const sealed = encryptAesText(record, text);
    let recovered: string | undefined;
    try {
      recovered = decryptAesText(other, sealed);
    } catch (error) {
      expect(error).toBeInstanceOf(CryptoFailure);
      expect((error as CryptoFailure).code).toBe('decrypt_failed');
    }
    expect(recovered).not.toBe(text);
  });

  it('refuses text that is not base64 or too short', () => {
    const record = newAesKeyRecord(algorithm);
    expect(() => decryptAes(record, 'not base64!')).toThrow(/base64/);
    expect(() => decryptAes(record, 'AAAA')).toThrow(CryptoFailure);
  });
});

describe('key derivation', () => {
  it('CBC and CTR hash the key text, GCM uses its bytes: the same record does not cross modes', () => {
    const record = newAesKeyRecord('GCM');
    const sealed = encryptAesText(record, 'same key text', new Uint8Array(12));
    expect(() => decryptAesText({ ...record, algorithm: 'CBC' }, sealed)).toThrow(CryptoFailure);
  });

  it('CBC key is SHA-256 of the UTF-8 key text (checked against a manual decipher)', async () => {
    const { createDecipheriv } = await import('node:crypto');
    const record = newAesKeyRecord('CBC');
    const out = Buffer.from(encryptAesText(record, 'check'), 'base64');
    const key = createHash('sha256').update(record.aesKey, 'utf8').digest();
    const decipher = createDecipheriv('aes-256-cbc', key, out.subarray(0, 16));
    expect(Buffer.concat([decipher.update(out.subarray(16)), decipher.final()]).toString()).toBe('check');
  });

  it('GCM refuses a key text that is not base64 of 32 bytes', () => {
    expect(() => encryptAesText({ aesKey: 'c2hvcnQ=', algorithm: 'GCM' }, 'x')).toThrow(/32 bytes/);
  });

  it('newAesKeyRecord gives 32 random bytes and a UUID', () => {
    const record = newAesKeyRecord('CTR');
    expect(Buffer.from(record.aesKey, 'base64')).toHaveLength(32);
    expect(record.messageKeyUuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(record.algorithm).toBe('CTR');
  });
});

describe('tamper detection', () => {
  it('GCM refuses a flipped ciphertext bit and a flipped tag bit', () => {
    const record = newAesKeyRecord('GCM');
    const out = Buffer.from(encryptAesText(record, 'integrity matters'), 'base64');
    for (const index of [12, out.length - 1]) {
      const tampered = Buffer.from(out);
      tampered[index] = (tampered[index] ?? 0) ^ 1;
      expect(() => decryptAes(record, tampered.toString('base64'))).toThrow(/GCM decryption failed/);
    }
  });

  it('GCM refuses a truncated tag', () => {
    const record = newAesKeyRecord('GCM');
    const out = Buffer.from(encryptAesText(record, 'integrity matters'), 'base64');
    expect(() => decryptAes(record, out.subarray(0, out.length - 4).toString('base64'))).toThrow(CryptoFailure);
  });

  it('CTR counts over the whole 128-bit block (carry past the low 64 bits)', async () => {
    const { createCipheriv } = await import('node:crypto');
    const record = newAesKeyRecord('CTR');
    const iv = Buffer.from('00000000000000ffffffffffffffffff', 'hex');
    const plaintext = Buffer.alloc(48, 0x41);
    const out = Buffer.from(encryptAes(record, plaintext, iv), 'base64');
    // Block 2 must use counter ...0100000000000000000 (carry into the high half), not a wrapped low half.
    const key = createHash('sha256').update(record.aesKey, 'utf8').digest();
    const ecb = createCipheriv('aes-256-ecb', key, null).setAutoPadding(false);
    const counter = Buffer.from('00000000000001000000000000000000', 'hex');
    const keystream = ecb.update(counter);
    const block2 = out.subarray(16 + 16, 16 + 32);
    expect(Buffer.from(block2.map((b, i) => b ^ (keystream[i] ?? 0)))).toEqual(plaintext.subarray(16, 32));
  });
});
