// Envelopes on encrypted paths (docs/protocol.md), byte-compatible with the reference server: sign
// `ts.nonce.payload` (PKCS#1 v1.5 SHA-256), wrap {payload, ts, nonce, signature} as JSON, AES it with a fresh
// 32-byte key K, RSA-OAEP K to the recipient. The client seals requests (device key signs, user key receives)
// and opens responses (user key signed, device key receives).
import { AES_KEY_BYTES, aesKeyRecordFromBytes, decryptAesText, encryptAesText, type AesAlgorithm } from './aes.ts';
import { fromBase64, randomBytes, randomUuid, toBase64, utf8Encode } from './bytes.ts';
import { rsaOaepDecrypt, rsaOaepEncrypt, rsaSign, rsaVerify, type RsaPrivateKey } from './rsa.ts';

export interface EnvelopeWire {
  key: string;
  body: string;
}

export interface RequestEnvelopeWire extends EnvelopeWire {
  loginName: string;
}

export interface EnvelopeInner {
  payload: string;
  ts: number;
  nonce: string;
  signature: string;
}

export type OpenedEnvelope =
  | { ok: true; payload: unknown; payloadText: string; ts: number; nonce: string }
  | { ok: false; error: 'decrypt_failed' | 'bad_signature' };

/** Fixed inputs for reproducible test vectors; production callers leave them out. */
export interface SealOptions {
  ts?: number;
  nonce?: string;
  rawKey?: Uint8Array;
  iv?: Uint8Array;
}

export function signingInput(ts: number, nonce: string, payload: string): Uint8Array {
  return utf8Encode(`${ts}.${nonce}.${payload}`);
}

/** Seals any JSON value: signed by `signerPrivateKey`, readable only by `recipientPublicKeyPem`. */
export async function sealEnvelope(
  value: unknown,
  signerPrivateKey: RsaPrivateKey,
  recipientPublicKeyPem: string,
  algorithm: AesAlgorithm,
  options: SealOptions = {},
): Promise<EnvelopeWire> {
  const payload = JSON.stringify(value);
  if (payload === undefined) throw new TypeError('envelope payload is not JSON-serialisable');
  const ts = options.ts ?? Date.now();
  const nonce = options.nonce ?? randomUuid();
  const signature = toBase64(await rsaSign(signerPrivateKey, signingInput(ts, nonce, payload)));
  const inner: EnvelopeInner = { payload, ts, nonce, signature };
  const rawKey = options.rawKey ?? randomBytes(AES_KEY_BYTES);
  const [key, body] = await Promise.all([
    rsaOaepEncrypt(recipientPublicKeyPem, rawKey).then(toBase64),
    encryptAesText(aesKeyRecordFromBytes(rawKey, algorithm), JSON.stringify(inner), options.iv),
  ]);
  return { key, body };
}

/** Opens and verifies an envelope; never throws. */
export async function openEnvelope(
  wire: unknown,
  recipientPrivateKey: RsaPrivateKey,
  signerPublicKeyPem: string,
  algorithm: AesAlgorithm,
): Promise<OpenedEnvelope> {
  let inner: EnvelopeInner;
  let payload: unknown;
  try {
    inner = await decryptInner(wire, recipientPrivateKey, algorithm);
    payload = JSON.parse(inner.payload) as unknown;
  } catch {
    return { ok: false, error: 'decrypt_failed' };
  }
  let signature: Uint8Array;
  try {
    signature = fromBase64(inner.signature);
  } catch {
    return { ok: false, error: 'bad_signature' };
  }
  const valid = await rsaVerify(signerPublicKeyPem, signingInput(inner.ts, inner.nonce, inner.payload), signature);
  if (!valid) return { ok: false, error: 'bad_signature' };
  return { ok: true, payload, payloadText: inner.payload, ts: inner.ts, nonce: inner.nonce };
}

async function decryptInner(wire: unknown, recipientPrivateKey: RsaPrivateKey, algorithm: AesAlgorithm): Promise<EnvelopeInner> {
  if (!isRecord(wire) || typeof wire.key !== 'string' || typeof wire.body !== 'string') throw new Error('not an envelope');
  const rawKey = await rsaOaepDecrypt(recipientPrivateKey, fromBase64(wire.key));
  if (rawKey.length !== AES_KEY_BYTES) throw new Error('wrapped key is not 32 bytes');
  const parsed: unknown = JSON.parse(await decryptAesText(aesKeyRecordFromBytes(rawKey, algorithm), wire.body));
  if (
    !isRecord(parsed) ||
    typeof parsed.payload !== 'string' ||
    typeof parsed.ts !== 'number' ||
    !Number.isSafeInteger(parsed.ts) ||
    typeof parsed.nonce !== 'string' ||
    typeof parsed.signature !== 'string'
  ) {
    throw new Error('envelope body lacks payload, ts, nonce or signature');
  }
  return { payload: parsed.payload, ts: parsed.ts, nonce: parsed.nonce, signature: parsed.signature };
}

/** Client → server: signed with the device private key, K wrapped to the user public key. */
export async function sealRequestEnvelope(
  loginName: string,
  requestObject: unknown,
  devicePrivateKey: RsaPrivateKey,
  userPublicKeyPem: string,
  algorithm: AesAlgorithm,
  options: SealOptions = {},
): Promise<RequestEnvelopeWire> {
  return { loginName, ...(await sealEnvelope(requestObject, devicePrivateKey, userPublicKeyPem, algorithm, options)) };
}

/** Server → client: K wrapped to the device public key, signed with the user private key. */
export function openResponseEnvelope(
  wire: unknown,
  devicePrivateKey: RsaPrivateKey,
  userPublicKeyPem: string,
  algorithm: AesAlgorithm,
): Promise<OpenedEnvelope> {
  return openEnvelope(wire, devicePrivateKey, userPublicKeyPem, algorithm);
}

/** The seed's rule: a response that cannot be opened or verified becomes `{status:'failed', errMsgList:[]}`. */
export async function openResponseOrFailed(
  wire: unknown,
  devicePrivateKey: RsaPrivateKey,
  userPublicKeyPem: string,
  algorithm: AesAlgorithm,
): Promise<unknown> {
  const opened = await openResponseEnvelope(wire, devicePrivateKey, userPublicKeyPem, algorithm);
  return opened.ok ? opened.payload : { status: 'failed', errMsgList: [] };
}

export function isEnvelopeWire(value: unknown): value is EnvelopeWire {
  return isRecord(value) && typeof value.key === 'string' && typeof value.body === 'string';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
