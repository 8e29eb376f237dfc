// The shared test vectors (tests/vectors), typed for the client's tests.
import aesFile from '../../../tests/vectors/aes.json';
import envelopesFile from '../../../tests/vectors/envelopes.json';
import keysFile from '../../../tests/vectors/keys.json';
import rsaFile from '../../../tests/vectors/rsa.json';
import type { AesAlgorithm } from '../crypto/aes.ts';

export interface AesVector {
  name: string;
  algorithm: AesAlgorithm;
  aesKey: string;
  ivHex: string;
  plaintext: string;
  expected: string;
}

export interface EnvelopeVector {
  name: string;
  direction: 'request' | 'response';
  algorithm: AesAlgorithm;
  valid: boolean;
  expectedError?: string;
  now: number;
  wire: { loginName?: string; key: string; body: string };
  payloadObject: unknown;
  inner: { payload: string; ts: number; nonce: string; signature: string };
  signingInputUtf8: string;
  rawKeyBase64: string;
  ivHex: string;
}

export const keys: Record<'user' | 'device', { publicKeyPem: string; privateKeyPem: string }> = keysFile;
export const aesVectors = aesFile.vectors as AesVector[];
export const oaepVectors: { name: string; key: 'user' | 'device'; plaintextHex: string; ciphertextBase64: string }[] =
  rsaFile.oaep as { name: string; key: 'user' | 'device'; plaintextHex: string; ciphertextBase64: string }[];
export const signatureVectors = rsaFile.signatures as { name: string; key: 'user' | 'device'; messageUtf8: string; signatureBase64: string }[];
export const envelopeVectors = envelopesFile.vectors as EnvelopeVector[];
