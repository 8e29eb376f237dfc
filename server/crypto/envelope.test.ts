import { describe, expect, it } from 'vitest';
import { decryptAesText, aesKeyRecordFromBytes } from './aes.ts';
import {
  devicePubKeyFromLoginPayload,
  openRequestEnvelope,
  openRequestEnvelopeAsync,
  openResponseEnvelope,
  openResponseOrFailed,
  sealRequestEnvelope,
  sealResponseEnvelope,
  sealResponseEnvelopeAsync,
  signingInput,
} from './envelope.ts';
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
  it('round-trips: payload comes back parsed, with ts and nonce', () => {
    const body = { roomId: 'r1', aesMessage: '你好' };
    const wire = sealRequestEnvelope('alice', body, device.privateKeyPem, user.publicKeyPem, algorithm);
    expect(Object.keys(wire).sort()).toEqual(['body', 'key', 'loginName']);
    const opened = openRequestEnvelope(wire, user.privateKeyPem, device.publicKeyPem, new ReplayGuard(), algorithm);
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
    openRequestEnvelope(wire, user.privateKeyPem, devicePem, guard, algorithm);

  it('decrypt_failed: sealed to another user key, tampered body, junk', () => {
    const toStranger = sealRequestEnvelope('alice', {}, device.privateKeyPem, stranger.publicKeyPem, algorithm);
    expect(open(toStranger)).toMatchObject({ ok: false, error: 'decrypt_failed' });
    const wire = sealRequestEnvelope('alice', {}, device.privateKeyPem, user.publicKeyPem, algorithm);
    expect(open({ ...wire, body: flipBase64Bit(wire.body, 20) })).toMatchObject({ ok: false, error: 'decrypt_failed' });
    expect(open({ ...wire, key: 'AAAA' })).toMatchObject({ ok: false, error: 'decrypt_failed' });
    expect(open({ key: wire.key, body: wire.body })).toMatchObject({ ok: false, error: 'decrypt_failed' });
    expect(open('nonsense')).toMatchObject({ ok: false, error: 'decrypt_failed' });
  });

  it('decrypt_failed, not a mix-up: a CBC envelope opened as GCM', () => {
    const wire = sealRequestEnvelope('alice', {}, device.privateKeyPem, user.publicKeyPem, 'CBC');
    expect(open(wire)).toMatchObject({ ok: false, error: 'decrypt_failed' });
  });

  it('bad_signature: signed by another device', () => {
    const wire = sealRequestEnvelope('alice', {}, stranger.privateKeyPem, user.publicKeyPem, algorithm);
    expect(open(wire)).toMatchObject({ ok: false, error: 'bad_signature' });
  });

  it('bad_signature: unreadable device key', () => {
    const wire = sealRequestEnvelope('alice', {}, device.privateKeyPem, user.publicKeyPem, algorithm);
    expect(open(wire, new ReplayGuard(), 'not a key')).toMatchObject({ ok: false, error: 'bad_signature' });
  });

  it('stale_timestamp: ts six minutes old', () => {
    const wire = sealRequestEnvelope('alice', {}, device.privateKeyPem, user.publicKeyPem, algorithm, {
      ts: Date.now() - 6 * 60_000,
    });
    expect(open(wire)).toMatchObject({ ok: false, error: 'stale_timestamp' });
  });

  it('replayed_nonce: the same envelope twice', () => {
    const guard = new ReplayGuard();
    const wire = sealRequestEnvelope('alice', {}, device.privateKeyPem, user.publicKeyPem, algorithm);
    expect(open(wire, guard).ok).toBe(true);
    expect(open(wire, guard)).toMatchObject({ ok: false, error: 'replayed_nonce' });
  });

  it('a refused signature does not burn the nonce', () => {
    const guard = new ReplayGuard();
    const forged = sealRequestEnvelope('alice', {}, stranger.privateKeyPem, user.publicKeyPem, algorithm, { nonce: 'shared' });
    expect(open(forged, guard)).toMatchObject({ error: 'bad_signature' });
    const genuine = sealRequestEnvelope('alice', {}, device.privateKeyPem, user.publicKeyPem, algorithm, { nonce: 'shared' });
    expect(open(genuine, guard).ok).toBe(true);
  });
});

describe('login: device key from the payload', () => {
  it('verifies with the devicePubKey carried inside the payload', () => {
    const login = { loginName: 'alice', password: 'pw', devicePubKey: device.publicKeyPem.replace(/\n/g, '') };
    const wire = sealRequestEnvelope('alice', login, device.privateKeyPem, user.publicKeyPem, 'CBC');
    const opened = openRequestEnvelope(wire, user.privateKeyPem, devicePubKeyFromLoginPayload, new ReplayGuard(), 'CBC');
    expect(opened).toMatchObject({ ok: true, payload: login });
  });

  it('refuses when the payload names another key than the one that signed', () => {
    const login = { loginName: 'alice', devicePubKey: stranger.publicKeyPem };
    const wire = sealRequestEnvelope('alice', login, device.privateKeyPem, user.publicKeyPem, 'CBC');
    const opened = openRequestEnvelope(wire, user.privateKeyPem, devicePubKeyFromLoginPayload, new ReplayGuard(), 'CBC');
    expect(opened).toMatchObject({ ok: false, error: 'bad_signature' });
  });

  it('refuses when the payload has no devicePubKey', () => {
    const wire = sealRequestEnvelope('alice', { loginName: 'alice' }, device.privateKeyPem, user.publicKeyPem, 'CBC');
    const opened = openRequestEnvelope(wire, user.privateKeyPem, devicePubKeyFromLoginPayload, new ReplayGuard(), 'CBC');
    expect(opened).toMatchObject({ ok: false, error: 'bad_signature' });
  });
});

describe.each(AES_ALGORITHMS)('response envelope, %s', (algorithm) => {
  const response = { status: 'success', messageId: 42, text: '訊息' };

  it('round-trips user → device; wire has only key and body', () => {
    const wire = sealResponseEnvelope(response, user.privateKeyPem, device.publicKeyPem, algorithm);
    expect(Object.keys(wire).sort()).toEqual(['body', 'key']);
    const opened = openResponseEnvelope(wire, device.privateKeyPem, user.publicKeyPem, algorithm);
    expect(opened).toMatchObject({ ok: true, payload: response });
  });

  it('a response not signed by the user key becomes an empty failed', () => {
    const forged = sealResponseEnvelope(response, stranger.privateKeyPem, device.publicKeyPem, algorithm);
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

describe.each(AES_ALGORITHMS)('the server side off the event loop, %s', (algorithm) => {
  it('opens what the synchronous form opens and refuses what it refuses', async () => {
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

  it('seals the same bytes as the synchronous form, which the client opens', async () => {
    const options = { ts: 7, nonce: 'n-7', rawKey: new Uint8Array(32).fill(3), iv: new Uint8Array(algorithm === 'GCM' ? 12 : 16).fill(4) };
    const sealed = await sealResponseEnvelopeAsync({ ok: 1 }, user.privateKeyPem, device.publicKeyPem, algorithm, options);
    const sync = sealResponseEnvelope({ ok: 1 }, user.privateKeyPem, device.publicKeyPem, algorithm, options);
    expect(sealed.body).toBe(sync.body); // PKCS#1 v1.5 signatures are deterministic; OAEP's wrapped key is not
    expect(openResponseEnvelope(sealed, device.privateKeyPem, user.publicKeyPem, algorithm)).toMatchObject({ ok: true, payload: { ok: 1 }, ts: 7, nonce: 'n-7' });
  });
});
