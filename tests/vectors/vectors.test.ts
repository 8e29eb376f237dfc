/** The server crypto (node:crypto) against every shared vector; the web client runs the same files in WebCrypto. */
import { createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import forge from 'node-forge';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { aesKeyRecordFromBytes, decryptAesText, encryptAes } from '../../server/crypto/aes.ts';
import { openResponseEnvelope, openResponseOrFailed, sealRequestEnvelope, sealResponseEnvelopeAsync } from '../../server/crypto/envelope.ts';
import { openRequestChecked } from '../../server/crypto/envelope.testing.ts';
import { ReplayGuard } from '../../server/crypto/replay-guard.ts';
import { importRsaPublicKey, rsaOaepDecrypt, rsaSign, rsaVerify } from '../../server/crypto/rsa.ts';
import { buildVectors, readKeys, VECTOR_DIR, type VectorFiles } from '../../scripts/make-vectors.ts';

const keys = readKeys();
function load<K extends keyof VectorFiles>(name: K): VectorFiles[K] {
  return JSON.parse(readFileSync(join(VECTOR_DIR, name), 'utf8')) as VectorFiles[K];
}
const aes = load('aes.json');
const rsa = load('rsa.json');
const envelopes = load('envelopes.json');

describe('vector files', () => {
  it('are what scripts/make-vectors.ts produces from the checked-in keys (deterministic, not stale)', async () => {
    const rebuilt = await buildVectors(keys);
    expect(aes).toEqual(rebuilt['aes.json']);
    expect(rsa).toEqual(rebuilt['rsa.json']);
    expect(envelopes).toEqual(rebuilt['envelopes.json']);
  });

  it('cover every algorithm, an empty and a CJK plaintext, valid and tampered envelopes', () => {
    for (const algorithm of ['CBC', 'CTR', 'GCM']) {
      const ofAlgorithm = aes.vectors.filter((v) => v.algorithm === algorithm);
      expect(ofAlgorithm.some((v) => v.plaintext === '')).toBe(true);
      expect(ofAlgorithm.some((v) => /[\u4e00-\u9fff]/.test(v.plaintext))).toBe(true);
    }
    expect(envelopes.vectors.filter((v) => v.direction === 'request' && v.valid).length).toBeGreaterThan(0);
    expect(envelopes.vectors.filter((v) => v.direction === 'request' && !v.valid).length).toBeGreaterThan(0);
    expect(envelopes.vectors.filter((v) => v.direction === 'response' && v.valid).length).toBeGreaterThan(0);
  });
});

describe('fixed RSA key pairs', () => {
  it.each(['user', 'device'] as const)('%s: RSA-2048 e=65537, SPKI/PKCS#8, 64-character lines, halves match', (name) => {
    const pair = keys[name];
    expect(pair.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
    expect(pair.privateKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    for (const pem of [pair.publicKeyPem, pair.privateKeyPem]) {
      const body = pem.trimEnd().split('\n').slice(1, -1);
      body.slice(0, -1).forEach((line) => expect(line).toHaveLength(64));
    }
    const details = importRsaPublicKey(pair.publicKeyPem).asymmetricKeyDetails;
    expect(details).toMatchObject({ modulusLength: 2048, publicExponent: 65537n });
    const derived = createPublicKey(pair.privateKeyPem).export({ type: 'spki', format: 'pem' });
    expect(derived).toBe(pair.publicKeyPem);
  });
});

describe('AES vectors', () => {
  it.each(aes.vectors.map((v) => [v.name, v] as const))('%s', (_name, v) => {
    const record = { aesKey: v.aesKey, algorithm: v.algorithm };
    expect(encryptAes(record, Buffer.from(v.plaintext, 'utf8'), Buffer.from(v.ivHex, 'hex'))).toBe(v.expected);
    expect(decryptAesText(record, v.expected)).toBe(v.plaintext);
  });
});

/** A second, independent AES implementation, so the vectors do not just mirror node:crypto. */
function forgeDecrypt(v: VectorFiles['aes.json']['vectors'][number]): string {
  const raw = Buffer.from(v.expected, 'base64');
  const key =
    v.algorithm === 'GCM' ? Buffer.from(v.aesKey, 'base64') : createHash('sha256').update(v.aesKey, 'utf8').digest();
  const ivLength = v.algorithm === 'GCM' ? 12 : 16;
  const tagLength = v.algorithm === 'GCM' ? 16 : 0;
  const decipher = forge.cipher.createDecipher(`AES-${v.algorithm}`, forge.util.createBuffer(key.toString('binary')));
  decipher.start({
    iv: forge.util.createBuffer(raw.subarray(0, ivLength).toString('binary')),
    ...(tagLength ? { tag: forge.util.createBuffer(raw.subarray(raw.length - tagLength).toString('binary')) } : {}),
  });
  decipher.update(forge.util.createBuffer(raw.subarray(ivLength, raw.length - tagLength).toString('binary')));
  expect(decipher.finish()).toBe(true);
  return Buffer.from(decipher.output.getBytes(), 'binary').toString('utf8');
}

describe('AES vectors, cross-checked with node-forge', () => {
  // forge's CTR increments only the low 32 bits of the counter block, so the carry vector is out of its reach.
  const crossCheckable = aes.vectors.filter((v) => v.name !== 'CTR-128-bit-counter-carry');
  it.each(crossCheckable.map((v) => [v.name, v] as const))('%s', (_name, v) => {
    expect(forgeDecrypt(v)).toBe(v.plaintext);
  });
});

describe('RSA-OAEP vectors', () => {
  it.each(rsa.oaep.map((v) => [v.name, v] as const))('%s decrypts to the plaintext', (_name, v) => {
    const plaintext = rsaOaepDecrypt(keys[v.key].privateKeyPem, Buffer.from(v.ciphertextBase64, 'base64'));
    expect(plaintext.toString('hex')).toBe(v.plaintextHex);
  });
});

describe('PKCS#1 v1.5 signature vectors', () => {
  it.each(rsa.signatures.map((v) => [v.name, v] as const))('%s', (_name, v) => {
    const message = Buffer.from(v.messageUtf8, 'utf8');
    expect(rsaSign(keys[v.key].privateKeyPem, message).toString('base64')).toBe(v.signatureBase64);
    expect(rsaVerify(keys[v.key].publicKeyPem, message, Buffer.from(v.signatureBase64, 'base64'))).toBe(true);
  });
});

describe('envelope vectors', () => {
  it.each(envelopes.vectors.map((v) => [v.name, v] as const))('%s', async (_name, v) => {
    const guard = new ReplayGuard({ now: () => v.now });
    const opened =
      v.direction === 'request'
        ? await openRequestChecked(v.wire, keys.user.privateKeyPem, keys.device.publicKeyPem, guard, v.algorithm)
        : openResponseEnvelope(v.wire, keys.device.privateKeyPem, keys.user.publicKeyPem, v.algorithm, guard);
    // The wrapped key and the inner JSON are as documented, whatever the verdict.
    const recipient = v.direction === 'request' ? keys.user : keys.device;
    const rawKey = rsaOaepDecrypt(recipient.privateKeyPem, Buffer.from(v.wire.key, 'base64'));
    expect(rawKey.toString('base64')).toBe(v.rawKeyBase64);
    const innerText = decryptAesText(aesKeyRecordFromBytes(rawKey, v.algorithm), v.wire.body);
    expect(JSON.parse(innerText)).toEqual(v.inner);
    expect(Buffer.from(v.wire.body, 'base64').subarray(0, v.algorithm === 'GCM' ? 12 : 16).toString('hex')).toBe(v.ivHex);
    expect(v.signingInputUtf8).toBe(`${v.inner.ts}.${v.inner.nonce}.${v.inner.payload}`);

    if (!v.valid) {
      expect(opened).toMatchObject({ ok: false, error: v.expectedError });
      if (v.direction === 'response') {
        expect(openResponseOrFailed(v.wire, keys.device.privateKeyPem, keys.user.publicKeyPem, v.algorithm)).toEqual({
          status: 'failed',
          errMsgList: [],
        });
      }
      return;
    }
    expect(opened).toMatchObject({ ok: true, payload: v.payloadObject, ts: v.inner.ts, nonce: v.inner.nonce });
    // Sealing again with the same fixed inputs gives the same body (only OAEP is randomised).
    const options = { ts: v.inner.ts, nonce: v.inner.nonce, rawKey, iv: Buffer.from(v.ivHex, 'hex') };
    const resealed =
      v.direction === 'request'
        ? sealRequestEnvelope('alice', v.payloadObject, keys.device.privateKeyPem, keys.user.publicKeyPem, v.algorithm, options)
        : await sealResponseEnvelopeAsync(v.payloadObject, keys.user.privateKeyPem, keys.device.publicKeyPem, v.algorithm, options);
    expect(resealed.body).toBe(v.wire.body);
    // The same envelope a second time is a replay.
    if (v.direction === 'request') {
      expect(await openRequestChecked(v.wire, keys.user.privateKeyPem, keys.device.publicKeyPem, guard, v.algorithm)).toMatchObject({
        ok: false,
        error: 'replayed_nonce',
      });
    }
  });

  it('a valid vector is stale ten minutes after its ts', async () => {
    const v = envelopes.vectors.find((e) => e.direction === 'request' && e.valid)!;
    const guard = new ReplayGuard({ now: () => v.now + 10 * 60_000 });
    expect(await openRequestChecked(v.wire, keys.user.privateKeyPem, keys.device.publicKeyPem, guard, v.algorithm)).toMatchObject({
      ok: false,
      error: 'stale_timestamp',
    });
  });
});
