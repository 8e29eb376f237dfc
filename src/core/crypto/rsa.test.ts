import { describe, expect, it } from 'vitest';
import { keys, oaepVectors, signatureVectors } from '../testing/vectors.ts';
import { fromBase64, toBase64, toHex, utf8Encode } from './bytes.ts';
import { pemToDer } from './pem.ts';
import { deviceKeysFromPem, generateDeviceKeys, rsaOaepDecrypt, rsaOaepEncrypt, rsaSign, rsaVerify } from './rsa.ts';

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
  it('is RSA-2048 with an SPKI PEM public half and two non-extractable private keys that sign and decrypt', async () => {
    const device = await generateDeviceKeys();
    expect(device.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
    const lines = device.publicKeyPem.trimEnd().split('\n').slice(1, -1);
    lines.slice(0, -1).forEach((line) => expect(line).toHaveLength(64));
    expect(lines.at(-1)!.length).toBeLessThanOrEqual(64);
    // SPKI of a 2048-bit key with e = 65537 is 294 bytes and ends with 0x010001.
    const spki = pemToDer(device.publicKeyPem, 'PUBLIC KEY');
    expect(spki).toHaveLength(294);
    expect(toHex(spki.slice(-3))).toBe('010001');

    for (const key of [device.signingKey, device.decryptionKey]) {
      expect(key.extractable).toBe(false);
      expect(key.type).toBe('private');
      await expect(crypto.subtle.exportKey('pkcs8', key)).rejects.toThrow();
      await expect(crypto.subtle.exportKey('jwk', key)).rejects.toThrow();
    }
    expect(device.signingKey.usages).toEqual(['sign']);
    expect(device.decryptionKey.usages).toEqual(['decrypt']);

    const secret = crypto.getRandomValues(new Uint8Array(32));
    expect(await rsaOaepDecrypt(device.decryptionKey, await rsaOaepEncrypt(device.publicKeyPem, secret))).toEqual(secret);
    const message = utf8Encode('1.n.{}');
    expect(await rsaVerify(device.publicKeyPem, message, await rsaSign(device.signingKey, message))).toBe(true);
  });

  it('device keys made from the vector PEMs give the vector signatures and plaintexts', async () => {
    const device = await deviceKeysFromPem(keys.device);
    const v = signatureVectors.find((s) => s.key === 'device')!;
    expect(toBase64(await rsaSign(device.signingKey, utf8Encode(v.messageUtf8)))).toBe(v.signatureBase64);
    const o = oaepVectors.find((x) => x.key === 'device')!;
    expect(toHex(await rsaOaepDecrypt(device.decryptionKey, fromBase64(o.ciphertextBase64)))).toBe(o.plaintextHex);
  });

  it('reads a PEM without line breaks (keys travel inside JSON)', async () => {
    const oneLine = keys.user.publicKeyPem.replace(/\n(?!-----END)/g, '');
    expect(oneLine.split('\n')).toHaveLength(2); // BEGIN and the body on one line, END on the other
    const v = signatureVectors.find((s) => s.key === 'user')!;
    expect(await rsaVerify(oneLine, utf8Encode(v.messageUtf8), fromBase64(v.signatureBase64))).toBe(true);
  });
});
