import { describe, expect, it } from 'vitest';
import { envelopeVectors, keys } from '../testing/vectors.ts';
import { fromBase64, fromHex } from './bytes.ts';
import { openEnvelope, openResponseEnvelope, openResponseOrFailed, sealEnvelope, sealRequestEnvelope } from './envelope.ts';
import { deviceKeysFromPem } from './rsa.ts';

const requests = envelopeVectors.filter((v) => v.direction === 'request');
const responses = envelopeVectors.filter((v) => v.direction === 'response');

describe('response envelope vectors', () => {
  it.each(responses.filter((v) => v.valid).map((v) => [v.name, v] as const))('%s opens to its payload', async (_name, v) => {
    const opened = await openResponseEnvelope(v.wire, keys.device.privateKeyPem, keys.user.publicKeyPem, v.algorithm);
    expect(opened).toMatchObject({ ok: true, payload: v.payloadObject, payloadText: v.inner.payload, ts: v.inner.ts, nonce: v.inner.nonce });
  });

  it.each(responses.filter((v) => !v.valid).map((v) => [v.name, v] as const))('%s is refused and becomes an empty failed', async (_name, v) => {
    expect(await openResponseEnvelope(v.wire, keys.device.privateKeyPem, keys.user.publicKeyPem, v.algorithm)).toEqual({
      ok: false,
      error: v.expectedError,
    });
    expect(await openResponseOrFailed(v.wire, keys.device.privateKeyPem, keys.user.publicKeyPem, v.algorithm)).toEqual({
      status: 'failed',
      errMsgList: [],
    });
  });

  it('refuses a response opened with the wrong device key or that is not an envelope', async () => {
    const v = responses.find((r) => r.valid)!;
    expect(await openResponseEnvelope(v.wire, keys.user.privateKeyPem, keys.user.publicKeyPem, v.algorithm)).toEqual({
      ok: false,
      error: 'decrypt_failed',
    });
    expect(await openResponseOrFailed({ status: 'success' }, keys.device.privateKeyPem, keys.user.publicKeyPem, 'GCM')).toEqual({
      status: 'failed',
      errMsgList: [],
    });
  });
});

describe('request envelope vectors', () => {
  it.each(requests.filter((v) => v.valid).map((v) => [v.name, v] as const))(
    '%s: sealing with the recorded ts, nonce, key and IV gives the same body',
    async (_name, v) => {
      const sealed = await sealRequestEnvelope('alice', v.payloadObject, keys.device.privateKeyPem, keys.user.publicKeyPem, v.algorithm, {
        ts: v.inner.ts,
        nonce: v.inner.nonce,
        rawKey: fromBase64(v.rawKeyBase64),
        iv: fromHex(v.ivHex),
      });
      expect(sealed.loginName).toBe('alice');
      expect(sealed.body).toBe(v.wire.body);
      expect(fromBase64(sealed.key)).toHaveLength(256);
      // The server side (user private key, device public key) opens what the client sealed.
      const opened = await openEnvelope(sealed, keys.user.privateKeyPem, keys.device.publicKeyPem, v.algorithm);
      expect(opened).toMatchObject({ ok: true, payload: v.payloadObject });
    },
  );

  it.each(requests.filter((v) => !v.valid).map((v) => [v.name, v] as const))('%s is refused', async (_name, v) => {
    expect(await openEnvelope(v.wire, keys.user.privateKeyPem, keys.device.publicKeyPem, v.algorithm)).toEqual({
      ok: false,
      error: v.expectedError,
    });
  });
});

describe('envelopes', () => {
  it.each(['CBC', 'CTR', 'GCM'] as const)('%s: a fresh seal carries signature, ts and nonce and opens on the other side', async (algorithm) => {
    const before = Date.now();
    const sealed = await sealEnvelope({ text: '你好' }, keys.user.privateKeyPem, keys.device.publicKeyPem, algorithm);
    const opened = await openResponseEnvelope(sealed, keys.device.privateKeyPem, keys.user.publicKeyPem, algorithm);
    expect(opened.ok).toBe(true);
    if (!opened.ok) return;
    expect(opened.payload).toEqual({ text: '你好' });
    expect(opened.ts).toBeGreaterThanOrEqual(before);
    expect(opened.nonce).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses an envelope opened with the wrong algorithm', async () => {
    const sealed = await sealEnvelope({ a: 1 }, keys.user.privateKeyPem, keys.device.publicKeyPem, 'GCM');
    expect((await openResponseEnvelope(sealed, keys.device.privateKeyPem, keys.user.publicKeyPem, 'CBC')).ok).toBe(false);
  });
});

describe('envelopes with the non-extractable device keys the browser keeps', () => {
  it('seal the request vectors byte for byte and open the response vectors', async () => {
    const device = await deviceKeysFromPem(keys.device);
    for (const v of requests.filter((r) => r.valid)) {
      const sealed = await sealRequestEnvelope('alice', v.payloadObject, device.signingKey, keys.user.publicKeyPem, v.algorithm, {
        ts: v.inner.ts,
        nonce: v.inner.nonce,
        rawKey: fromBase64(v.rawKeyBase64),
        iv: fromHex(v.ivHex),
      });
      expect(sealed.body).toBe(v.wire.body);
    }
    for (const v of responses.filter((r) => r.valid)) {
      expect(await openResponseEnvelope(v.wire, device.decryptionKey, keys.user.publicKeyPem, v.algorithm)).toMatchObject({ ok: true, payload: v.payloadObject });
    }
  });
});
