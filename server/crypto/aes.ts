/**
 * AES-256 content encryption exactly as the wire protocol fixes it:
 * CBC and CTR derive the key as SHA-256 of the UTF-8 key text and prefix a 16-byte IV;
 * GCM uses the base64-decoded key, a 12-byte IV prefix and a 16-byte tag suffix.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes, randomUUID } from 'node:crypto';
import type { AesAlgorithm } from '../../generated/types/index.ts';
import { AesAlgorithmValues } from '../../generated/types/enums.ts';
import { CryptoFailure } from './errors.ts';

export type { AesAlgorithm };
export const AES_ALGORITHMS: readonly AesAlgorithm[] = AesAlgorithmValues;

export interface AesKeyRecord {
  messageKeyUuid: string;
  /** base64 of 32 random bytes */
  aesKey: string;
  algorithm: AesAlgorithm;
}

/** The parts of a key record the cipher needs (the uuid only names the key). */
export type AesKeyMaterial = Pick<AesKeyRecord, 'aesKey' | 'algorithm'>;

export const AES_KEY_BYTES = 32;
export const CBC_CTR_IV_BYTES = 16;
export const GCM_IV_BYTES = 12;
export const GCM_TAG_BYTES = 16;

const NODE_CIPHER: Record<AesAlgorithm, 'aes-256-cbc' | 'aes-256-ctr' | 'aes-256-gcm'> = {
  CBC: 'aes-256-cbc',
  CTR: 'aes-256-ctr',
  GCM: 'aes-256-gcm',
};

export function isAesAlgorithm(value: unknown): value is AesAlgorithm {
  return value === 'CBC' || value === 'CTR' || value === 'GCM';
}

export function ivLength(algorithm: AesAlgorithm): number {
  return algorithm === 'GCM' ? GCM_IV_BYTES : CBC_CTR_IV_BYTES;
}

/** The 32-byte AES key for a record; differs by algorithm (see module comment). */
export function deriveAesKey(record: AesKeyMaterial): Buffer {
  if (!isAesAlgorithm(record.algorithm)) {
    throw new CryptoFailure('bad_input', `unknown AES algorithm ${String(record.algorithm)}`);
  }
  if (record.algorithm === 'GCM') {
    const raw = decodeBase64Strict(record.aesKey);
    if (raw === null || raw.length !== AES_KEY_BYTES) {
      throw new CryptoFailure('bad_input', 'GCM aesKey must be base64 of 32 bytes');
    }
    return raw;
  }
  return createHash('sha256').update(record.aesKey, 'utf8').digest();
}

export function encryptAes(record: AesKeyMaterial, plaintext: Uint8Array, iv?: Uint8Array): string {
  const key = deriveAesKey(record);
  const ivBytes = iv ?? randomBytes(ivLength(record.algorithm));
  if (ivBytes.length !== ivLength(record.algorithm)) {
    throw new CryptoFailure('bad_input', `${record.algorithm} needs a ${ivLength(record.algorithm)}-byte IV`);
  }
  if (record.algorithm === 'GCM') {
    const cipher = createCipheriv('aes-256-gcm', key, ivBytes, { authTagLength: GCM_TAG_BYTES });
    const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
    return Buffer.concat([ivBytes, body, cipher.getAuthTag()]).toString('base64');
  }
  const cipher = createCipheriv(NODE_CIPHER[record.algorithm], key, ivBytes);
  return Buffer.concat([ivBytes, cipher.update(plaintext), cipher.final()]).toString('base64');
}

/** Throws CryptoFailure('decrypt_failed') on a bad tag, bad padding or a malformed text. */
export function decryptAes(record: AesKeyMaterial, base64Text: string): Uint8Array {
  const key = deriveAesKey(record);
  const data = decodeBase64Strict(base64Text);
  if (data === null) throw new CryptoFailure('decrypt_failed', 'ciphertext is not base64');
  const ivBytes = ivLength(record.algorithm);
  try {
    if (record.algorithm === 'GCM') {
      if (data.length < ivBytes + GCM_TAG_BYTES) throw new Error('too short');
      const decipher = createDecipheriv('aes-256-gcm', key, data.subarray(0, ivBytes), {
        authTagLength: GCM_TAG_BYTES,
      });
      decipher.setAuthTag(data.subarray(data.length - GCM_TAG_BYTES));
      return Buffer.concat([decipher.update(data.subarray(ivBytes, data.length - GCM_TAG_BYTES)), decipher.final()]);
    }
    if (data.length < ivBytes) throw new Error('too short');
    const decipher = createDecipheriv(NODE_CIPHER[record.algorithm], key, data.subarray(0, ivBytes));
    return Buffer.concat([decipher.update(data.subarray(ivBytes)), decipher.final()]);
  } catch (cause) {
    throw new CryptoFailure('decrypt_failed', `${record.algorithm} decryption failed`, { cause });
  }
}

export function encryptAesText(record: AesKeyMaterial, text: string, iv?: Uint8Array): string {
  return encryptAes(record, Buffer.from(text, 'utf8'), iv);
}

export function decryptAesText(record: AesKeyMaterial, base64Text: string): string {
  const bytes = decryptAes(record, base64Text);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (cause) {
    throw new CryptoFailure('decrypt_failed', 'plaintext is not UTF-8', { cause });
  }
}

export function encryptAesJson(record: AesKeyMaterial, value: unknown, iv?: Uint8Array): string {
  return encryptAesText(record, JSON.stringify(value), iv);
}

export function decryptAesJson(record: AesKeyMaterial, base64Text: string): unknown {
  const text = decryptAesText(record, base64Text);
  try {
    return JSON.parse(text) as unknown;
  } catch (cause) {
    throw new CryptoFailure('decrypt_failed', 'plaintext is not JSON', { cause });
  }
}

export function newAesKeyRecord(algorithm: AesAlgorithm): AesKeyRecord {
  return aesKeyRecordFromBytes(randomBytes(AES_KEY_BYTES), algorithm);
}

export function aesKeyRecordFromBytes(raw: Uint8Array, algorithm: AesAlgorithm, messageKeyUuid: string = randomUUID()): AesKeyRecord {
  if (raw.length !== AES_KEY_BYTES) throw new CryptoFailure('bad_input', 'AES key must be 32 bytes');
  return { messageKeyUuid, aesKey: Buffer.from(raw).toString('base64'), algorithm };
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Buffer.from(x, 'base64') silently skips junk; the protocol says standard padded base64, so check it. */
export function decodeBase64Strict(text: string): Buffer | null {
  if (typeof text !== 'string' || !BASE64.test(text)) return null;
  return Buffer.from(text, 'base64');
}
