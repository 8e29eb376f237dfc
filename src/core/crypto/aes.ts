// AES-256 content encryption exactly as docs/protocol.md: CBC/CTR key = SHA-256(UTF-8 of the aesKey text) with a
// 16-byte IV; GCM key = base64-decoded aesKey with a 12-byte IV and a 128-bit tag. Output base64(IV ‖ ct(‖tag)).
import type { AesAlgorithm, AesKeyRecord } from '@generated/types/index';
import { fromBase64, randomBytes, randomUuid, subtle, toBase64, utf8Decode, utf8Encode, concatBytes, type Bytes } from './bytes.ts';

export type { AesAlgorithm, AesKeyRecord };

/** What encryption needs from a key record (envelopes have no messageKeyUuid). */
export type AesKeyMaterial = Pick<AesKeyRecord, 'aesKey' | 'algorithm'>;

export const AES_KEY_BYTES = 32;
const IV_BYTES: Record<AesAlgorithm, number> = { CBC: 16, CTR: 16, GCM: 12 };
const TAG_BYTES = 16;

export class AesDecryptError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AesDecryptError';
  }
}

// Importing (and hashing) a key costs more than decrypting one short message, and a room view decrypts many
// messages under few keys: keep the recent CryptoKeys. Bounded so a long session does not grow without limit.
const KEY_CACHE_LIMIT = 500;
const keyCache = new Map<string, Promise<CryptoKey>>();

function importKey(material: AesKeyMaterial): Promise<CryptoKey> {
  const cacheKey = `${material.algorithm}:${material.aesKey}`;
  const cached = keyCache.get(cacheKey);
  if (cached) {
    keyCache.delete(cacheKey); // re-insert: Map order is the LRU order
    keyCache.set(cacheKey, cached);
    return cached;
  }
  const name = `AES-${material.algorithm}`;
  const promise = (async () => {
    const raw: Bytes =
      material.algorithm === 'GCM'
        ? fromBase64(material.aesKey)
        : new Uint8Array(await subtle().digest('SHA-256', utf8Encode(material.aesKey)));
    if (raw.length !== AES_KEY_BYTES) throw new AesDecryptError('AES key is not 32 bytes');
    return subtle().importKey('raw', raw, { name }, false, ['encrypt', 'decrypt']);
  })();
  promise.catch(() => keyCache.delete(cacheKey));
  keyCache.set(cacheKey, promise);
  if (keyCache.size > KEY_CACHE_LIMIT) {
    const oldest = keyCache.keys().next().value;
    if (oldest !== undefined) keyCache.delete(oldest);
  }
  return promise;
}

function params(algorithm: AesAlgorithm, iv: Bytes): AesCbcParams | AesCtrParams | AesGcmParams {
  switch (algorithm) {
    case 'CBC':
      return { name: 'AES-CBC', iv };
    case 'CTR':
      // The whole 128-bit block is the counter; a 64-bit counter differs once the low half carries.
      return { name: 'AES-CTR', counter: iv, length: 128 };
    case 'GCM':
      return { name: 'AES-GCM', iv, tagLength: TAG_BYTES * 8 };
  }
}

/** Encrypts bytes; `iv` is only for reproducible test vectors. WebCrypto appends the GCM tag itself. */
export async function encryptAes(material: AesKeyMaterial, data: Uint8Array, iv?: Uint8Array): Promise<string> {
  const ivBytes: Bytes = iv ? new Uint8Array(iv) : randomBytes(IV_BYTES[material.algorithm]);
  const key = await importKey(material);
  const cipher = await subtle().encrypt(params(material.algorithm, ivBytes), key, new Uint8Array(data));
  return toBase64(concatBytes(ivBytes, new Uint8Array(cipher)));
}

/** Decrypts base64(IV ‖ ciphertext(‖tag)); throws AesDecryptError on bad input, padding or tag. */
export async function decryptAes(material: AesKeyMaterial, encrypted: string): Promise<Bytes> {
  let raw: Bytes;
  try {
    raw = fromBase64(encrypted);
  } catch (cause) {
    throw new AesDecryptError('ciphertext is not base64', { cause });
  }
  const ivLength = IV_BYTES[material.algorithm];
  const minimum = ivLength + (material.algorithm === 'GCM' ? TAG_BYTES : 0);
  if (raw.length < minimum) throw new AesDecryptError('ciphertext too short');
  try {
    const key = await importKey(material);
    const plain = await subtle().decrypt(params(material.algorithm, raw.slice(0, ivLength)), key, raw.slice(ivLength));
    return new Uint8Array(plain);
  } catch (cause) {
    if (cause instanceof AesDecryptError) throw cause;
    throw new AesDecryptError('AES decryption failed', { cause });
  }
}

export function encryptAesText(material: AesKeyMaterial, text: string, iv?: Uint8Array): Promise<string> {
  return encryptAes(material, utf8Encode(text), iv);
}

export async function decryptAesText(material: AesKeyMaterial, encrypted: string): Promise<string> {
  const bytes = await decryptAes(material, encrypted);
  try {
    return utf8Decode(bytes);
  } catch (cause) {
    throw new AesDecryptError('plaintext is not UTF-8', { cause });
  }
}

/** A record for 32 raw key bytes: aesKey is their base64 (the text CBC/CTR hash, the bytes GCM uses). */
export function aesKeyRecordFromBytes(raw: Uint8Array, algorithm: AesAlgorithm, messageKeyUuid = ''): AesKeyRecord {
  return { messageKeyUuid, aesKey: toBase64(raw), algorithm };
}

/** A fresh random key record (envelopes, or local encryption before a server key exists). */
export function newAesKeyRecord(algorithm: AesAlgorithm, messageKeyUuid: string = randomUuid()): AesKeyRecord {
  return aesKeyRecordFromBytes(randomBytes(AES_KEY_BYTES), algorithm, messageKeyUuid);
}
