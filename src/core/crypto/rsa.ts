// RSA-2048 on WebCrypto: OAEP-SHA256 for key wrapping, PKCS#1 v1.5-SHA256 for signatures. A WebCrypto key
// serves one algorithm, so one PEM is imported once per use; imports are cached by PEM text.
import { subtle, type Bytes } from './bytes.ts';
import { derToPem, pemToDer } from './pem.ts';

export interface PemKeyPair {
  publicKeyPem: string;
  privateKeyPem: string;
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

/** A new device key pair: RSA-2048, e = 65537, SPKI and PKCS#8 PEM with 64-character lines. */
export async function generateDeviceKeyPair(): Promise<PemKeyPair> {
  const pair = await subtle().generateKey({ ...OAEP, modulusLength: MODULUS_BITS, publicExponent: PUBLIC_EXPONENT }, true, [
    'encrypt',
    'decrypt',
  ]);
  const [spki, pkcs8] = await Promise.all([subtle().exportKey('spki', pair.publicKey), subtle().exportKey('pkcs8', pair.privateKey)]);
  return { publicKeyPem: derToPem('PUBLIC KEY', new Uint8Array(spki)), privateKeyPem: derToPem('PRIVATE KEY', new Uint8Array(pkcs8)) };
}

export async function rsaOaepEncrypt(publicKeyPem: string, data: Uint8Array): Promise<Bytes> {
  const key = await importCached(publicKeyPem, 'encrypt');
  return new Uint8Array(await subtle().encrypt(OAEP, key, new Uint8Array(data)));
}

export async function rsaOaepDecrypt(privateKeyPem: string, data: Uint8Array): Promise<Bytes> {
  const key = await importCached(privateKeyPem, 'decrypt');
  return new Uint8Array(await subtle().decrypt(OAEP, key, new Uint8Array(data)));
}

export async function rsaSign(privateKeyPem: string, data: Uint8Array): Promise<Bytes> {
  const key = await importCached(privateKeyPem, 'sign');
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
