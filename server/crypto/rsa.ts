/**
 * RSA-2048 (e = 65537): SPKI/PKCS#8 PEM keys, RSA-OAEP with SHA-256 and MGF1-SHA-256 (no label),
 * RSASSA-PKCS1-v1_5 with SHA-256. Everything on node:crypto (OpenSSL), which matches WebCrypto.
 */
import {
  constants,
  createPrivateKey,
  createPublicKey,
  generateKeyPair,
  generateKeyPairSync,
  privateDecrypt,
  publicEncrypt,
  sign,
  verify,
  webcrypto,
  type KeyObject,
  type RSAKeyPairOptions,
} from 'node:crypto';
import { CryptoFailure } from './errors.ts';
import { normalisePem } from './pem.ts';

export const RSA_MODULUS_BITS = 2048;
export const RSA_PUBLIC_EXPONENT = 65537;

export interface RsaKeyPair {
  /** SPKI, `BEGIN PUBLIC KEY`, 64-character lines */
  publicKeyPem: string;
  /** PKCS#8, `BEGIN PRIVATE KEY`, 64-character lines */
  privateKeyPem: string;
}

const KEYGEN_OPTIONS: RSAKeyPairOptions<'pem', 'pem'> = {
  modulusLength: RSA_MODULUS_BITS,
  publicExponent: RSA_PUBLIC_EXPONENT,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
};

/** Off the event loop (libuv thread pool): key generation takes tens to hundreds of milliseconds. */
export function generateRsaKeyPair(): Promise<RsaKeyPair> {
  return new Promise((resolve, reject) => {
    generateKeyPair('rsa', KEYGEN_OPTIONS, (error, publicKey, privateKey) => {
      if (error) reject(error);
      else resolve({ publicKeyPem: normalisePem(publicKey), privateKeyPem: normalisePem(privateKey) });
    });
  });
}

export function generateRsaKeyPairSync(): RsaKeyPair {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', KEYGEN_OPTIONS);
  return { publicKeyPem: normalisePem(publicKey), privateKeyPem: normalisePem(privateKey) };
}

// Parsing a PEM costs more than an OAEP encryption; the same few keys are used over and over.
const KEY_CACHE_LIMIT = 512;
const publicKeys = new Map<string, KeyObject>();
const privateKeys = new Map<string, KeyObject>();
const oaepDecryptKeys = new Map<string, Promise<webcrypto.CryptoKey>>();

function remember<K>(cache: Map<string, K>, pem: string, key: K): K {
  if (cache.size >= KEY_CACHE_LIMIT) {
    const oldest = cache.keys().next();
    if (!oldest.done) cache.delete(oldest.value);
  }
  cache.set(pem, key);
  return key;
}

function checkRsa(key: KeyObject): KeyObject {
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (key.asymmetricKeyType !== 'rsa' || bits < RSA_MODULUS_BITS) {
    throw new CryptoFailure('bad_input', `expected an RSA key of at least ${RSA_MODULUS_BITS} bits`);
  }
  return key;
}

/** Accepts an SPKI PEM with or without line breaks; throws CryptoFailure('bad_input'). */
export function importRsaPublicKey(pem: string): KeyObject {
  const cached = publicKeys.get(pem);
  if (cached) return cached;
  try {
    const key = checkRsa(createPublicKey({ key: normalisePem(pem, 'PUBLIC KEY'), format: 'pem' }));
    return remember(publicKeys, pem, key);
  } catch (cause) {
    if (cause instanceof CryptoFailure) throw cause;
    throw new CryptoFailure('bad_input', 'unreadable RSA public key', { cause });
  }
}

/** Accepts a PKCS#8 PEM with or without line breaks; throws CryptoFailure('bad_input'). */
export function importRsaPrivateKey(pem: string): KeyObject {
  const cached = privateKeys.get(pem);
  if (cached) return cached;
  try {
    const key = checkRsa(createPrivateKey({ key: normalisePem(pem, 'PRIVATE KEY'), format: 'pem' }));
    return remember(privateKeys, pem, key);
  } catch (cause) {
    if (cause instanceof CryptoFailure) throw cause;
    throw new CryptoFailure('bad_input', 'unreadable RSA private key', { cause });
  }
}

export function rsaOaepEncrypt(publicKeyPem: string, data: Uint8Array): Buffer {
  // node applies oaepHash to MGF1 as well, which is what WebCrypto's RSA-OAEP/SHA-256 does.
  return publicEncrypt(
    { key: importRsaPublicKey(publicKeyPem), padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    data,
  );
}

/** Throws CryptoFailure('decrypt_failed') when the ciphertext was not made for this key. */
export function rsaOaepDecrypt(privateKeyPem: string, ciphertext: Uint8Array): Buffer {
  const key = importRsaPrivateKey(privateKeyPem);
  try {
    return privateDecrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, ciphertext);
  } catch (cause) {
    throw new CryptoFailure('decrypt_failed', 'RSA-OAEP decryption failed', { cause });
  }
}

export function rsaSign(privateKeyPem: string, data: Uint8Array): Buffer {
  return sign('sha256', data, { key: importRsaPrivateKey(privateKeyPem), padding: constants.RSA_PKCS1_PADDING });
}

/** False for a wrong or malformed signature; throws only for an unreadable key. */
export function rsaVerify(publicKeyPem: string, data: Uint8Array, signature: Uint8Array): boolean {
  const key = importRsaPublicKey(publicKeyPem);
  try {
    return verify('sha256', data, { key, padding: constants.RSA_PKCS1_PADDING }, signature);
  } catch {
    return false;
  }
}

/*
 * The server's side of each call runs two private-key operations (~1 ms each): opening the request's wrapped key
 * and signing the answer. These forms run them on libuv's thread pool, so the event loop goes on serving sockets
 * meanwhile (issue 11). Same algorithms and bytes as the synchronous forms above.
 */

/** rsaSign off the event loop (node:crypto's callback form). */
export function rsaSignAsync(privateKeyPem: string, data: Uint8Array): Promise<Buffer> {
  const key = importRsaPrivateKey(privateKeyPem);
  return new Promise((resolve, reject) => {
    sign('sha256', data, { key, padding: constants.RSA_PKCS1_PADDING }, (error, signature) => (error ? reject(error) : resolve(signature)));
  });
}

/** WebCrypto holds its own key objects; node:crypto's privateDecrypt has no asynchronous form. */
function oaepDecryptKey(privateKeyPem: string): Promise<webcrypto.CryptoKey> {
  const cached = oaepDecryptKeys.get(privateKeyPem);
  if (cached) return cached;
  const der = importRsaPrivateKey(privateKeyPem).export({ type: 'pkcs8', format: 'der' });
  const key = webcrypto.subtle.importKey('pkcs8', der, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['decrypt']);
  // A failed import is not remembered: the next call imports again instead of failing for good.
  key.catch(() => {
    if (oaepDecryptKeys.get(privateKeyPem) === key) oaepDecryptKeys.delete(privateKeyPem);
  });
  return remember(oaepDecryptKeys, privateKeyPem, key);
}

/** rsaOaepDecrypt off the event loop (WebCrypto); rejects with CryptoFailure('decrypt_failed') likewise. */
export async function rsaOaepDecryptAsync(privateKeyPem: string, ciphertext: Uint8Array): Promise<Buffer> {
  const key = await oaepDecryptKey(privateKeyPem);
  try {
    return Buffer.from(await webcrypto.subtle.decrypt({ name: 'RSA-OAEP' }, key, ciphertext));
  } catch (cause) {
    throw new CryptoFailure('decrypt_failed', 'RSA-OAEP decryption failed', { cause });
  }
}
