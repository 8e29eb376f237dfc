// RSA-2048 on WebCrypto: OAEP-SHA256 for key wrapping, PKCS#1 v1.5-SHA256 for signatures. A WebCrypto key
// serves one algorithm, so one PEM is imported once per use; imports are cached by PEM text. Private keys are
// either PEM (test vectors, the server's side in tests) or the device's non-extractable CryptoKeys.
import { subtle, type Bytes } from './bytes.ts';
import { derToPem, pemToDer } from './pem.ts';

export interface PemKeyPair {
  publicKeyPem: string;
  privateKeyPem: string;
}

/** A private key as PKCS#8 PEM or as a WebCrypto key made for the one use it is passed to. */
export type RsaPrivateKey = string | CryptoKey;

/**
 * This login's device key pair as the browser keeps it: the public half as PEM (it travels as devicePubKey), the
 * private half as two non-extractable WebCrypto keys of the same RSA key, one per algorithm. They can be stored in
 * IndexedDB (structured clone) but never read back as bytes.
 */
export interface DeviceKeys {
  publicKeyPem: string;
  /** RSASSA-PKCS1-v1_5 SHA-256, usage sign: request envelopes. */
  signingKey: CryptoKey;
  /** RSA-OAEP SHA-256, usage decrypt: response envelopes. */
  decryptionKey: CryptoKey;
}

const OAEP = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;
const PKCS1 = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;
const MODULUS_BITS = 2048;
const PUBLIC_EXPONENT = new Uint8Array([0x01, 0x00, 0x01]); // 65537

type Use = 'encrypt' | 'decrypt' | 'sign' | 'verify';
const CACHE_LIMIT = 50;
const keyCache = new Map<string, Promise<CryptoKey>>();

function importCached(pem: string, use: Use): Promise<CryptoKey> {
  const cacheKey = `${use}\n${pem}`;
  const cached = keyCache.get(cacheKey);
  if (cached) return cached;
  const isPublic = use === 'encrypt' || use === 'verify';
  const algorithm = use === 'encrypt' || use === 'decrypt' ? OAEP : PKCS1;
  const promise = Promise.resolve().then(() =>
    isPublic
      ? subtle().importKey('spki', pemToDer(pem, 'PUBLIC KEY'), algorithm, false, [use])
      : subtle().importKey('pkcs8', pemToDer(pem, 'PRIVATE KEY'), algorithm, false, [use]),
  );
  promise.catch(() => keyCache.delete(cacheKey));
  keyCache.set(cacheKey, promise);
  if (keyCache.size > CACHE_LIMIT) {
    const oldest = keyCache.keys().next().value;
    if (oldest !== undefined) keyCache.delete(oldest);
  }
  return promise;
}

/**
 * A new device key pair: RSA-2048, e = 65537. WebCrypto binds a key to one algorithm and the protocol uses the same
 * private key to sign (PKCS#1 v1.5) and to decrypt (OAEP), so the pair is generated once, its PKCS#8 bytes are
 * imported twice as non-extractable keys, then overwritten; the extractable original is dropped here. No PEM or
 * byte copy of the private key outlives this call.
 */
export async function generateDeviceKeys(): Promise<DeviceKeys> {
  const pair = await subtle().generateKey({ ...OAEP, modulusLength: MODULUS_BITS, publicExponent: PUBLIC_EXPONENT }, true, [
    'encrypt',
    'decrypt',
  ]);
  const [spki, pkcs8] = await Promise.all([subtle().exportKey('spki', pair.publicKey), subtle().exportKey('pkcs8', pair.privateKey)]);
  const der = new Uint8Array(pkcs8);
  try {
    return await deviceKeysFromPkcs8(derToPem('PUBLIC KEY', new Uint8Array(spki)), der);
  } finally {
    der.fill(0);
  }
}

/** Non-extractable device keys from PKCS#8 bytes (generation above; test vectors). */
export async function deviceKeysFromPkcs8(publicKeyPem: string, pkcs8: Uint8Array): Promise<DeviceKeys> {
  const [signingKey, decryptionKey] = await Promise.all([
    subtle().importKey('pkcs8', new Uint8Array(pkcs8), PKCS1, false, ['sign']),
    subtle().importKey('pkcs8', new Uint8Array(pkcs8), OAEP, false, ['decrypt']),
  ]);
  return { publicKeyPem, signingKey, decryptionKey };
}

/** Device keys from a PEM pair (test vectors: the same keys the server side of the tests knows). */
export function deviceKeysFromPem(pair: PemKeyPair): Promise<DeviceKeys> {
  return deviceKeysFromPkcs8(pair.publicKeyPem, pemToDer(pair.privateKeyPem, 'PRIVATE KEY'));
}

function usableKey(key: RsaPrivateKey, use: 'decrypt' | 'sign'): Promise<CryptoKey> {
  return typeof key === 'string' ? importCached(key, use) : Promise.resolve(key);
}

export async function rsaOaepEncrypt(publicKeyPem: string, data: Uint8Array): Promise<Bytes> {
  const key = await importCached(publicKeyPem, 'encrypt');
  return new Uint8Array(await subtle().encrypt(OAEP, key, new Uint8Array(data)));
}

export async function rsaOaepDecrypt(privateKey: RsaPrivateKey, data: Uint8Array): Promise<Bytes> {
  const key = await usableKey(privateKey, 'decrypt');
  return new Uint8Array(await subtle().decrypt(OAEP, key, new Uint8Array(data)));
}

export async function rsaSign(privateKey: RsaPrivateKey, data: Uint8Array): Promise<Bytes> {
  const key = await usableKey(privateKey, 'sign');
  return new Uint8Array(await subtle().sign(PKCS1, key, new Uint8Array(data)));
}

/** False (never a throw) for a bad signature or an unreadable key: neither can vouch for anything. */
export async function rsaVerify(publicKeyPem: string, data: Uint8Array, signature: Uint8Array): Promise<boolean> {
  try {
    const key = await importCached(publicKeyPem, 'verify');
    return await subtle().verify(PKCS1, key, new Uint8Array(signature), new Uint8Array(data));
  } catch {
    return false;
  }
}
