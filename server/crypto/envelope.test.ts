import { describe, expect, it } from 'vitest';
import { decryptAesText, aesKeyRecordFromBytes } from './aes.ts';
import {
  devicePubKeyFromLoginPayload,
  openRequestEnvelopeAsync,
  openResponseEnvelope,
  openResponseOrFailed,
  sealRequestEnvelope,
  sealResponseEnvelopeAsync,
  signingInput,
} from './envelope.ts';
import { openRequestChecked } from './envelope.testing.ts';
import { ReplayGuard } from './replay-guard.ts';
import { generateRsaKeyPairSync, rsaOaepDecrypt, rsaVerify } from './rsa.ts';
import { AES_ALGORITHMS } from './aes.ts';

const user = generateRsaKeyPairSync();
const device = generateRsaKeyPairSync();
const stranger = generateRsaKeyPairSync();

function flipBase64Bit(text: string, byteIndex: number): string {
  const bytes = Buffer.from(text, 'base64');
  bytes[byteIndex] = (bytes[byteIndex] ?? 0) ^ 0x01;
  return bytes.toString('base64');
}

describe.each(AES_ALGORITHMS)('request envelope, %s', (algorithm) => {
  it('round-trips: payload comes back parsed, with ts and nonce', async () => {
    const body = { roomId: 'r1', aesMessage: '你好' };
    const wire = sealRequestEnvelope('alice', body, device.privateKeyPem, user.publicKeyPem, algorithm);
    expect(Object.keys(wire).sort()).toEqual(['body', 'key', 'loginName']);
    const opened = await openRequestChecked(wire, user.privateKeyPem, device.publicKeyPem, new ReplayGuard(), algorithm);
    expect(opened.ok).toBe(true);
    if (opened.ok) {
      expect(opened.payload).toEqual(body);
      expect(opened.payloadText).toBe(JSON.stringify(body));
    }
  });

  it('has the documented layout inside', () => {
    const ts = Date.now();
    const wire = sealRequestEnvelope('alice', { a: 1 }, device.privateKeyPem, user.publicKeyPem, algorithm, {
      ts,
      nonce: 'n-1',
    });
    const rawKey = rsaOaepDecrypt(user.privateKeyPem, Buffer.from(wire.key, 'base64'));
    expect(rawKey).toHaveLength(32);
    const inner = JSON.parse(decryptAesText(aesKeyRecordFromBytes(rawKey, algorithm), wire.body)) as Record<string, unknown>;
    expect(Object.keys(inner)).toEqual(['payload', 'ts', 'nonce', 'signature']);
    expect(inner).toMatchObject({ payload: '{"a":1}', ts, nonce: 'n-1' });
    const signature = Buffer.from(String(inner.signature), 'base64');
    expect(rsaVerify(device.publicKeyPem, signingInput(ts, 'n-1', '{"a":1}'), signature)).toBe(true);
  });
});

describe('request envelope refusals', () => {
  const algorithm = 'GCM';
  const open = (wire: unknown, guard = new ReplayGuard(), devicePem: string = device.publicKeyPem) =>
    openRequestChecked(wire, user.privateKeyPem, devicePem, guard, algorithm);

  it('decrypt_failed: sealed to another user key, tampered body, junk', async () => {
    const toStranger = sealRequestEnvelope('alice', {}, device.privateKeyPem, stranger.publicKeyPem, algorithm);
    expect(await open(toStranger)).toMatchObject({ ok: false, error: 'decrypt_failed' });
    const wire = sealRequestEnvelope('alice', {}, device.privateKeyPem, user.publicKeyPem, algorithm);
    expect(await open({ ...wire, body: flipBase64Bit(wire.body, 20) })).toMatchObject({ ok: false, error: 'decrypt_failed' });
    expect(await open({ ...wire, key: 'AAAA' })).toMatchObject({ ok: false, error: 'decrypt_failed' });
    expect(await open({ key: wire.key, body: wire.body })).toMatchObject({ ok: false, error: 'decrypt_failed' });
    expect(await open('nonsense')).toMatchObject({ ok: false, error: 'decrypt_failed' });
  });

  it('decrypt_failed, not a mix-up: a CBC envelope opened as GCM', async () => {
    const wire = sealRequestEnvelope('alice', {}, device.privateKeyPem, user.publicKeyPem, 'CBC');
    expect(await open(wire)).toMatchObject({ ok: false, error: 'decrypt_failed' });
  });

  it('bad_signature: signed by another device', async () => {
    const wire = sealRequestEnvelope('alice', {}, stranger.privateKeyPem, user.publicKeyPem, algorithm);
    expect(await open(wire)).toMatchObject({ ok: false, error: 'bad_signature' });
  });

  it('bad_signature: unreadable device key', async () => {
    const wire = sealRequestEnvelope('alice', {}, device.privateKeyPem, user.publicKeyPem, algorithm);
    expect(await open(wire, new ReplayGuard(), 'not a key')).toMatchObject({ ok: false, error: 'bad_signature' });
  });

  it('stale_timestamp: ts six minutes old', async () => {
    const wire = sealRequestEnvelope('alice', {}, device.privateKeyPem, user.publicKeyPem, algorithm, {
      ts: Date.now() - 6 * 60_000,
    });
    expect(await open(wire)).toMatchObject({ ok: false, error: 'stale_timestamp' });
  });

  it('replayed_nonce: the same envelope twice', async () => {
    const guard = new ReplayGuard();
    const wire = sealRequestEnvelope('alice', {}, device.privateKeyPem, user.publicKeyPem, algorithm);
    expect((await open(wire, guard)).ok).toBe(true);
    expect(await open(wire, guard)).toMatchObject({ ok: false, error: 'replayed_nonce' });
  });

  it('a refused signature does not burn the nonce', async () => {
    const guard = new ReplayGuard();
    const forged = sealRequestEnvelope('alice', {}, stranger.privateKeyPem, user.publicKeyPem, algorithm, { nonce: 'shared' });
    expect(await open(forged, guard)).toMatchObject({ error: 'bad_signature' });
    const genuine = sealRequestEnvelope('alice', {}, device.privateKeyPem, user.publicKeyPem, algorithm, { nonce: 'shared' });
    expect((await open(genuine, guard)).ok).toBe(true);
  });
});

describe('login: device key from the payload', () => {
  it('verifies with the devicePubKey carried inside the payload', async () => {
    const login = { loginName: 'alice', password: 'pw', devicePubKey: device.publicKeyPem.replace(/\n/g, '') };
    const wire = sealRequestEnvelope('alice', login, device.privateKeyPem, user.publicKeyPem, 'CBC');
    const opened = await openRequestChecked(wire, user.privateKeyPem, devicePubKeyFromLoginPayload, new ReplayGuard(), 'CBC');
    expect(opened).toMatchObject({ ok: true, payload: login });
  });

  it('refuses when the payload names another key than the one that signed', async () => {
    const login = { loginName: 'alice', devicePubKey: stranger.publicKeyPem };
    const wire = sealRequestEnvelope('alice', login, device.privateKeyPem, user.publicKeyPem, 'CBC');
    const opened = await openRequestChecked(wire, user.privateKeyPem, devicePubKeyFromLoginPayload, new ReplayGuard(), 'CBC');
    expect(opened).toMatchObject({ ok: false, error: 'bad_signature' });
  });

  it('refuses when the payload has no devicePubKey', async () => {
    const wire = sealRequestEnvelope('alice', { loginName: 'alice' }, device.privateKeyPem, user.publicKeyPem, 'CBC');
    const opened = await openRequestChecked(wire, user.privateKeyPem, devicePubKeyFromLoginPayload, new ReplayGuard(), 'CBC');
    expect(opened).toMatchObject({ ok: false, error: 'bad_signature' });
  });
});

describe.each(AES_ALGORITHMS)('response envelope, %s', (algorithm) => {
  const response = { status: 'success', messageId: 42, text: '訊息' };

  it('round-trips user → device; wire has only key and body', async () => {
    const wire = await sealResponseEnvelopeAsync(response, user.privateKeyPem, device.publicKeyPem, algorithm);
    expect(Object.keys(wire).sort()).toEqual(['body', 'key']);
    const opened = openResponseEnvelope(wire, device.privateKeyPem, user.publicKeyPem, algorithm);
    expect(opened).toMatchObject({ ok: true, payload: response });
  });

  it('a response not signed by the user key becomes an empty failed', async () => {
    const forged = await sealResponseEnvelopeAsync(response, stranger.privateKeyPem, device.publicKeyPem, algorithm);
    expect(openResponseEnvelope(forged, device.privateKeyPem, user.publicKeyPem, algorithm)).toMatchObject({
      ok: false,
      error: 'bad_signature',
    });
    expect(openResponseOrFailed(forged, device.privateKeyPem, user.publicKeyPem, algorithm)).toEqual({
      status: 'failed',
      errMsgList: [],
    });
  });
});

describe.each(AES_ALGORITHMS)('the server side, %s', (algorithm) => {
  it('opens a request to exactly its payload, ts and nonce; refuses another user key, a flipped key bit, no loginName, another device', async () => {
    const body = { roomId: 'r1', aesMessage: '你好' };
    const wire = sealRequestEnvelope('alice', body, device.privateKeyPem, user.publicKeyPem, algorithm, { ts: 5, nonce: 'n-5' });
    expect(await openRequestEnvelopeAsync(wire, user.privateKeyPem, device.publicKeyPem, algorithm)).toEqual({
      ok: true, payload: body, payloadText: JSON.stringify(body), ts: 5, nonce: 'n-5',
    });
    expect(await openRequestEnvelopeAsync(wire, stranger.privateKeyPem, device.publicKeyPem, algorithm)).toMatchObject({ ok: false, error: 'decrypt_failed' });
    expect(await openRequestEnvelopeAsync({ ...wire, key: flipBase64Bit(wire.key, 3) }, user.privateKeyPem, device.publicKeyPem, algorithm)).toMatchObject({ ok: false, error: 'decrypt_failed' });
    expect(await openRequestEnvelopeAsync({ ...wire, loginName: undefined }, user.privateKeyPem, device.publicKeyPem, algorithm)).toMatchObject({ ok: false, error: 'decrypt_failed' });
    expect(await openRequestEnvelopeAsync(wire, user.privateKeyPem, stranger.publicKeyPem, algorithm)).toMatchObject({ ok: false, error: 'bad_signature' });
  });

  it('seals a response the client opens; fixed inputs give the same body (the vectors pin its bytes)', async () => {
    const options = { ts: 7, nonce: 'n-7', rawKey: new Uint8Array(32).fill(3), iv: new Uint8Array(algorithm === 'GCM' ? 12 : 16).fill(4) };
    const sealed = await sealResponseEnvelopeAsync({ ok: 1 }, user.privateKeyPem, device.publicKeyPem, algorithm, options);
    const again = await sealResponseEnvelopeAsync({ ok: 1 }, user.privateKeyPem, device.publicKeyPem, algorithm, options);
    expect(sealed.body).toBe(again.body); // PKCS#1 v1.5 signatures are deterministic; OAEP's wrapped key is not
    expect(openResponseEnvelope(sealed, device.privateKeyPem, user.publicKeyPem, algorithm)).toMatchObject({ ok: true, payload: { ok: 1 }, ts: 7, nonce: 'n-7' });
  });
});
