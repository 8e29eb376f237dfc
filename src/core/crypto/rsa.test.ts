import { describe, expect, it } from 'vitest';
import { keys, oaepVectors, signatureVectors } from '../testing/vectors.ts';
import { fromBase64, toBase64, toHex, utf8Encode } from './bytes.ts';
import { pemToDer } from './pem.ts';
import { generateDeviceKeyPair, rsaOaepDecrypt, rsaOaepEncrypt, rsaSign, rsaVerify } from './rsa.ts';

describe('RSA-OAEP vectors', () => {
  it.each(oaepVectors.map((v) => [v.name, v] as const))('%s decrypts to the plaintext', async (_name, v) => {
    const plain = await rsaOaepDecrypt(keys[v.key].privateKeyPem, fromBase64(v.ciphertextBase64));
    expect(toHex(plain)).toBe(v.plaintextHex);
  });
});

describe('PKCS#1 v1.5 signature vectors', () => {
  it.each(signatureVectors.map((v) => [v.name, v] as const))('%s: produce and verify', async (_name, v) => {
    const message = utf8Encode(v.messageUtf8);
    expect(toBase64(await rsaSign(keys[v.key].privateKeyPem, message))).toBe(v.signatureBase64);
    expect(await rsaVerify(keys[v.key].publicKeyPem, message, fromBase64(v.signatureBase64))).toBe(true);
  });

  it('refuses a flipped bit, the other key and a junk key without throwing', async () => {
    const v = signatureVectors[0]!;
    const message = utf8Encode(v.messageUtf8);
    const signature = fromBase64(v.signatureBase64);
    signature[0]! ^= 0x80;
    expect(await rsaVerify(keys[v.key].publicKeyPem, message, signature)).toBe(false);
    const other = v.key === 'user' ? 'device' : 'user';
    expect(await rsaVerify(keys[other].publicKeyPem, message, fromBase64(v.signatureBase64))).toBe(false);
    expect(await rsaVerify('-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----', message, signature)).toBe(false);
  });
});

describe('device key pair', () => {
  it('is RSA-2048 SPKI/PKCS#8 PEM with 64-character lines that encrypts, signs and reads back', async () => {
    const pair = await generateDeviceKeyPair();
    expect(pair.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
    expect(pair.privateKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    for (const pem of [pair.publicKeyPem, pair.privateKeyPem]) {
      const lines = pem.trimEnd().split('\n').slice(1, -1);
      lines.slice(0, -1).forEach((line) => expect(line).toHaveLength(64));
      expect(lines.at(-1)!.length).toBeLessThanOrEqual(64);
    }
    // SPKI of a 2048-bit key with e = 65537 is 294 bytes and ends with 0x010001.
    const spki = pemToDer(pair.publicKeyPem, 'PUBLIC KEY');
    expect(spki).toHaveLength(294);
    expect(toHex(spki.slice(-3))).toBe('010001');

    const secret = crypto.getRandomValues(new Uint8Array(32));
    expect(await rsaOaepDecrypt(pair.privateKeyPem, await rsaOaepEncrypt(pair.publicKeyPem, secret))).toEqual(secret);
    const message = utf8Encode('1.n.{}');
    expect(await rsaVerify(pair.publicKeyPem, message, await rsaSign(pair.privateKeyPem, message))).toBe(true);
  });

  it('reads a PEM without line breaks (keys travel inside JSON)', async () => {
    const oneLine = keys.user.publicKeyPem.replace(/\n(?!-----END)/g, '');
    expect(oneLine.split('\n')).toHaveLength(2); // BEGIN and the body on one line, END on the other
    const v = signatureVectors.find((s) => s.key === 'user')!;
    expect(await rsaVerify(oneLine, utf8Encode(v.messageUtf8), fromBase64(v.signatureBase64))).toBe(true);
  });
});
