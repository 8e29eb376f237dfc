/**
 * Envelopes on encrypted paths (docs/protocol.md "Envelopes on encrypted paths").
 * Sealing: sign `ts.nonce.payload` with the sender's key (PKCS#1 v1.5 SHA-256), wrap
 * {payload, ts, nonce, signature} as JSON, AES-encrypt it with a fresh 32-byte key, and RSA-OAEP the raw
 * key to the recipient. Requests go device → user key pair, responses user → device key pair.
 * The server side (open request, seal response) is used by the HTTP layer; the client side (seal request,
 * open response) lets server tests act as a client and mirrors what the web client does in WebCrypto.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { AES_KEY_BYTES, aesKeyRecordFromBytes, decodeBase64Strict, decryptAesText, encryptAesText, type AesAlgorithm } from './aes.ts';
import { CryptoFailure } from './errors.ts';
import type { ReplayGuard } from './replay-guard.ts';
import { rsaOaepDecrypt, rsaOaepDecryptAsync, rsaOaepEncrypt, rsaSign, rsaSignAsync, rsaVerify } from './rsa.ts';

export interface RequestEnvelopeWire {
  loginName: string;
  key: string;
  body: string;
}

export interface ResponseEnvelopeWire {
  key: string;
  body: string;
}

/** The JSON object inside `body`. */
export interface EnvelopeInner {
  payload: string;
  ts: number;
  nonce: string;
  signature: string;
}

export type EnvelopeErrorCode = 'decrypt_failed' | 'bad_signature' | 'stale_timestamp' | 'replayed_nonce';

export type OpenedEnvelope =
  | { ok: true; payload: unknown; payloadText: string; ts: number; nonce: string }
  | { ok: false; error: EnvelopeErrorCode; message: string };

/** Fixed inputs so that test vectors are reproducible; production callers leave them out. */
export interface SealOptions {
  ts?: number;
  nonce?: string;
  /** the 32 raw AES key bytes */
  rawKey?: Uint8Array;
  iv?: Uint8Array;
}

/** What a client shows when a response cannot be opened or its signature fails. */
export function emptyFailedResponse(): { status: 'failed'; errMsgList: [] } {
  return { status: 'failed', errMsgList: [] };
}

/** For `login` the device key is inside the payload itself (`devicePubKey`). */
export type DeviceKeyResolver = (payload: unknown) => string | null | undefined;

/** The bytes that are signed: UTF-8 of `ts + "." + nonce + "." + payload`. */
export function signingInput(ts: number, nonce: string, payload: string): Buffer {
  return Buffer.from(`${ts}.${nonce}.${payload}`, 'utf8');
}

export function sealRequestEnvelope(
  loginName: string,
  requestObject: unknown,
  devicePrivateKeyPem: string,
  userPublicKeyPem: string,
  algorithm: AesAlgorithm,
  options: SealOptions = {},
): RequestEnvelopeWire {
  return { loginName, ...seal(requestObject, devicePrivateKeyPem, userPublicKeyPem, algorithm, options) };
}

/** A replay guard is optional on the client: responses answer requests it made itself. */
export function openResponseEnvelope(
  wire: unknown,
  devicePrivateKeyPem: string,
  userPublicKeyPem: string,
  algorithm: AesAlgorithm,
  replayGuard?: ReplayGuard,
): OpenedEnvelope {
  return open(wire, devicePrivateKeyPem, userPublicKeyPem, algorithm, replayGuard);
}

/** The client rule: any response that cannot be opened and verified becomes an empty `failed`. */
export function openResponseOrFailed(
  wire: unknown,
  devicePrivateKeyPem: string,
  userPublicKeyPem: string,
  algorithm: AesAlgorithm,
): unknown {
  const opened = openResponseEnvelope(wire, devicePrivateKeyPem, userPublicKeyPem, algorithm);
  return opened.ok ? opened.payload : emptyFailedResponse();
}

function seal(
  value: unknown,
  signerPrivateKeyPem: string,
  recipientPublicKeyPem: string,
  algorithm: AesAlgorithm,
  options: SealOptions,
): ResponseEnvelopeWire {
  const unsigned = toSign(value, options);
  const signature = rsaSign(signerPrivateKeyPem, signingInput(unsigned.ts, unsigned.nonce, unsigned.payload));
  return wrap(unsigned, signature, recipientPublicKeyPem, algorithm, options);
}

/** Seals a response (the server's side of each call), the signature made off the event loop. */
export async function sealResponseEnvelopeAsync(
  responseObject: unknown,
  userPrivateKeyPem: string,
  devicePublicKeyPem: string,
  algorithm: AesAlgorithm,
  options: SealOptions = {},
): Promise<ResponseEnvelopeWire> {
  const unsigned = toSign(responseObject, options);
  const signature = await rsaSignAsync(userPrivateKeyPem, signingInput(unsigned.ts, unsigned.nonce, unsigned.payload));
  return wrap(unsigned, signature, devicePublicKeyPem, algorithm, options);
}

type Unsigned = Omit<EnvelopeInner, 'signature'>;

function toSign(value: unknown, options: SealOptions): Unsigned {
  const payload = JSON.stringify(value);
  if (payload === undefined) throw new CryptoFailure('bad_input', 'envelope payload is not JSON-serialisable');
  return { payload, ts: options.ts ?? Date.now(), nonce: options.nonce ?? randomUUID() };
}

function wrap(unsigned: Unsigned, signature: Buffer, recipientPublicKeyPem: string, algorithm: AesAlgorithm, options: SealOptions): ResponseEnvelopeWire {
  const inner: EnvelopeInner = { ...unsigned, signature: signature.toString('base64') };
  const rawKey = options.rawKey ?? randomBytes(AES_KEY_BYTES);
  const record = aesKeyRecordFromBytes(rawKey, algorithm, '');
  return {
    key: rsaOaepEncrypt(recipientPublicKeyPem, rawKey).toString('base64'),
    body: encryptAesText(record, JSON.stringify(inner), options.iv),
  };
}

function open(
  wire: unknown,
  recipientPrivateKeyPem: string,
  senderPublicKey: string | DeviceKeyResolver,
  algorithm: AesAlgorithm,
  replayGuard: ReplayGuard | undefined,
): OpenedEnvelope {
  let inner: EnvelopeInner;
  try {
    const { wrappedKey, body } = wrappedParts(wire);
    inner = decryptInner(rsaOaepDecrypt(recipientPrivateKeyPem, wrappedKey), body, algorithm);
  } catch (error) {
    return decryptFailed(error);
  }
  return verified(inner, senderPublicKey, replayGuard);
}

/**
 * Opens and verifies a request (the server's side of each call), the wrapped key opened off the event loop. The
 * caller checks ts and nonce: the server's replay guard is asynchronous (its nonces live in the database).
 */
export async function openRequestEnvelopeAsync(
  wire: unknown,
  userPrivateKeyPem: string,
  devicePublicKey: string | DeviceKeyResolver,
  algorithm: AesAlgorithm,
): Promise<OpenedEnvelope> {
  if (!isRecord(wire) || typeof wire.loginName !== 'string') {
    return { ok: false, error: 'decrypt_failed', message: 'envelope needs loginName, key and body' };
  }
  let inner: EnvelopeInner;
  try {
    const { wrappedKey, body } = wrappedParts(wire);
    inner = decryptInner(await rsaOaepDecryptAsync(userPrivateKeyPem, wrappedKey), body, algorithm);
  } catch (error) {
    return decryptFailed(error);
  }
  return verified(inner, devicePublicKey, undefined);
}

function decryptFailed(error: unknown): OpenedEnvelope {
  return { ok: false, error: 'decrypt_failed', message: error instanceof Error ? error.message : 'decryption failed' };
}

function verified(inner: EnvelopeInner, senderPublicKey: string | DeviceKeyResolver, replayGuard: ReplayGuard | undefined): OpenedEnvelope {
  let payload: unknown;
  try {
    payload = JSON.parse(inner.payload) as unknown;
  } catch {
    return { ok: false, error: 'decrypt_failed', message: 'payload is not JSON' };
  }
  if (!verifyInner(inner, payload, senderPublicKey)) {
    return { ok: false, error: 'bad_signature', message: 'signature does not verify' };
  }
  if (replayGuard) {
    const verdict = replayGuard.check(inner.ts, inner.nonce);
    if (verdict === 'stale_timestamp') return { ok: false, error: verdict, message: 'ts outside the accepted window' };
    if (verdict === 'replayed_nonce') return { ok: false, error: verdict, message: 'nonce already used' };
  }
  return { ok: true, payload, payloadText: inner.payload, ts: inner.ts, nonce: inner.nonce };
}

/** Throws CryptoFailure('decrypt_failed') unless the envelope has a base64 key and a body. */
function wrappedParts(wire: unknown): { wrappedKey: Buffer; body: string } {
  if (!isRecord(wire) || typeof wire.key !== 'string' || typeof wire.body !== 'string') {
    throw new CryptoFailure('decrypt_failed', 'envelope needs key and body');
  }
  const wrappedKey = decodeBase64Strict(wire.key);
  if (wrappedKey === null) throw new CryptoFailure('decrypt_failed', 'key is not base64');
  return { wrappedKey, body: wire.body };
}

/** Throws CryptoFailure('decrypt_failed') on anything that is not a well-formed envelope body for this key. */
function decryptInner(rawKey: Buffer, body: string, algorithm: AesAlgorithm): EnvelopeInner {
  if (rawKey.length !== AES_KEY_BYTES) throw new CryptoFailure('decrypt_failed', 'wrapped key is not 32 bytes');
  const text = decryptAesText(aesKeyRecordFromBytes(rawKey, algorithm, ''), body);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text) as unknown;
  } catch (cause) {
    throw new CryptoFailure('decrypt_failed', 'envelope body is not JSON', { cause });
  }
  if (
    !isRecord(parsed) ||
    typeof parsed.payload !== 'string' ||
    typeof parsed.ts !== 'number' ||
    !Number.isSafeInteger(parsed.ts) ||
    typeof parsed.nonce !== 'string' ||
    typeof parsed.signature !== 'string'
  ) {
    throw new CryptoFailure('decrypt_failed', 'envelope body lacks payload, ts, nonce or signature');
  }
  return { payload: parsed.payload, ts: parsed.ts, nonce: parsed.nonce, signature: parsed.signature };
}

function verifyInner(inner: EnvelopeInner, payload: unknown, senderPublicKey: string | DeviceKeyResolver): boolean {
  const pem = typeof senderPublicKey === 'function' ? senderPublicKey(payload) : senderPublicKey;
  const signature = decodeBase64Strict(inner.signature);
  if (typeof pem !== 'string' || pem.length === 0 || signature === null) return false;
  try {
    return rsaVerify(pem, signingInput(inner.ts, inner.nonce, inner.payload), signature);
  } catch {
    return false; // an unreadable device key cannot vouch for anything
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The `devicePubKey` of a login payload, for openRequestEnvelopeAsync's resolver on `login`. */
export function devicePubKeyFromLoginPayload(payload: unknown): string | undefined {
  return isRecord(payload) && typeof payload.devicePubKey === 'string' ? payload.devicePubKey : undefined;
}
