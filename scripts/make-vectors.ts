/**
 * Regenerates the shared crypto test vectors in tests/vectors/ (server: node:crypto; web client: WebCrypto).
 *
 *   node --import tsx scripts/make-vectors.ts            rewrite vectors from the checked-in keys
 *   node --import tsx scripts/make-vectors.ts --new-keys  also replace the fixed RSA key pairs
 *
 * Every output is deterministic: fixed keys, IVs, timestamps and nonces; RSA-OAEP (randomised by design)
 * is made reproducible by fixing its seed through node-forge's OAEP encoder. Running the script twice
 * gives the same bytes, and tests/vectors/vectors.test.ts checks the files against buildVectors().
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import forge from 'node-forge';
import { aesKeyRecordFromBytes, encryptAes, encryptAesText, type AesAlgorithm } from '../server/crypto/aes.ts';
import { sealRequestEnvelope, sealResponseEnvelopeAsync, signingInput } from '../server/crypto/envelope.ts';
import { generateRsaKeyPairSync, rsaSign, type RsaKeyPair } from '../server/crypto/rsa.ts';

export const VECTOR_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'tests', 'vectors');

export interface VectorKeys {
  user: RsaKeyPair;
  device: RsaKeyPair;
}

export interface AesVector {
  name: string;
  algorithm: AesAlgorithm;
  aesKey: string;
  ivHex: string;
  plaintext: string;
  /** base64(IV ‖ ciphertext [‖ tag]) */
  expected: string;
}

export interface OaepVector {
  name: string;
  key: 'user' | 'device';
  plaintextHex: string;
  /** the OAEP seed that made this ciphertext; decryptors ignore it */
  seedHex: string;
  ciphertextBase64: string;
}

export interface SignatureVector {
  name: string;
  key: 'user' | 'device';
  messageUtf8: string;
  signatureBase64: string;
}

export interface EnvelopeVector {
  name: string;
  direction: 'request' | 'response';
  algorithm: AesAlgorithm;
  /** true: must open; false: must be refused with `expectedError` */
  valid: boolean;
  expectedError?: 'bad_signature';
  /** accept this ts as "now" when checking freshness */
  now: number;
  wire: { loginName?: string; key: string; body: string };
  payloadObject: unknown;
  inner: { payload: string; ts: number; nonce: string; signature: string };
  signingInputUtf8: string;
  rawKeyBase64: string;
  ivHex: string;
}

const TS = 1767225600000; // 2026-01-01T00:00:00Z
const sha256 = (): forge.md.MessageDigest => forge.md.sha256.create();

/** Deterministic 32 bytes named by a label, so every fixed input is explainable. */
function fixedBytes(label: string, length = 32): Buffer {
  return createHash('sha256').update(label, 'utf8').digest().subarray(0, length);
}

// @types/node-forge does not declare forge.pkcs1; this is the one function used from it.
interface ForgePkcs1 {
  encode_rsa_oaep(
    key: forge.pki.rsa.PublicKey,
    message: string,
    options: { seed: string; md: forge.md.MessageDigest; mgf1: { md: forge.md.MessageDigest } },
  ): string;
}
const pkcs1 = (forge as unknown as { pkcs1: ForgePkcs1 }).pkcs1;

/** RSA-OAEP SHA-256/MGF1-SHA-256 with a chosen seed: identical to a random encryption that drew it. */
export function oaepWithSeed(publicKeyPem: string, plaintext: Uint8Array, seed: Uint8Array): Buffer {
  const key = forge.pki.publicKeyFromPem(publicKeyPem);
  const encoded = pkcs1.encode_rsa_oaep(key, Buffer.from(plaintext).toString('binary'), {
    seed: Buffer.from(seed).toString('binary'),
    md: sha256(),
    mgf1: { md: sha256() },
  });
  return Buffer.from(key.encrypt(encoded, 'RAW'), 'binary');
}

function aesVectors(): AesVector[] {
  const texts: Array<[string, string]> = [
    ['empty', ''],
    ['ascii', 'Hello, chat!'],
    ['cjk', '你好，世界！會議室 3 號 — こんにちは 🌏'],
    ['json', '{"fileName":"報告.pdf","size":1024}'],
    ['multi-block', 'The quick brown fox jumps over the lazy dog; 敏捷的棕色狐狸跳過了懶狗。'],
  ];
  const out: AesVector[] = [];
  for (const algorithm of ['CBC', 'CTR', 'GCM'] as const) {
    const aesKey = fixedBytes(`aes-key-${algorithm}`).toString('base64');
    for (const [name, plaintext] of texts) {
      const iv = fixedBytes(`iv-${algorithm}-${name}`, algorithm === 'GCM' ? 12 : 16);
      out.push({
        name: `${algorithm}-${name}`,
        algorithm,
        aesKey,
        ivHex: iv.toString('hex'),
        plaintext,
        expected: encryptAes({ aesKey, algorithm }, Buffer.from(plaintext, 'utf8'), iv),
      });
    }
  }
  // The CTR counter is the whole 128-bit block: this IV carries out of the low 64 bits in block 2.
  const aesKey = fixedBytes('aes-key-CTR').toString('base64');
  const iv = Buffer.from('00000000000000ffffffffffffffffff', 'hex');
  const plaintext = 'counter carry: '.padEnd(48, '.');
  out.push({
    name: 'CTR-128-bit-counter-carry',
    algorithm: 'CTR',
    aesKey,
    ivHex: iv.toString('hex'),
    plaintext,
    expected: encryptAes({ aesKey, algorithm: 'CTR' }, Buffer.from(plaintext, 'utf8'), iv),
  });
  return out;
}

function rsaVectors(keys: VectorKeys): { oaep: OaepVector[]; signatures: SignatureVector[] } {
  const oaep: OaepVector[] = [];
  for (const [name, key, plaintext] of [
    ['aes-key-to-user', 'user', fixedBytes('oaep-plaintext-user')],
    ['aes-key-to-device', 'device', fixedBytes('oaep-plaintext-device')],
    ['short-text-to-user', 'user', Buffer.from('訊息 key', 'utf8')],
  ] as const) {
    const seed = fixedBytes(`oaep-seed-${name}`);
    oaep.push({
      name,
      key,
      plaintextHex: plaintext.toString('hex'),
      seedHex: seed.toString('hex'),
      ciphertextBase64: oaepWithSeed(keys[key].publicKeyPem, plaintext, seed).toString('base64'),
    });
  }
  const signatures: SignatureVector[] = [];
  for (const [name, key, messageUtf8] of [
    ['device-signs-request', 'device', `${TS}.3f1c2a9e-0b7d-4c55-9a11-5e2f8d6c4b01.{"roomId":"room-1"}`],
    ['user-signs-response', 'user', `${TS}.8c0d7f3e-2a41-4b9c-8e6f-1d2c3b4a5f60.{"status":"success"}`],
    ['empty-message', 'device', ''],
    ['cjk-message', 'user', '簽名測試 ✓'],
  ] as const) {
    signatures.push({
      name,
      key,
      messageUtf8,
      signatureBase64: rsaSign(keys[key].privateKeyPem, Buffer.from(messageUtf8, 'utf8')).toString('base64'),
    });
  }
  return { oaep, signatures };
}

interface EnvelopeSpec {
  name: string;
  direction: 'request' | 'response';
  algorithm: AesAlgorithm;
  payloadObject: unknown;
  nonce: string;
  tamperSignature?: boolean;
}

async function envelopeVector(keys: VectorKeys, spec: EnvelopeSpec): Promise<EnvelopeVector> {
  const rawKey = fixedBytes(`envelope-key-${spec.name}`);
  const iv = fixedBytes(`envelope-iv-${spec.name}`, spec.algorithm === 'GCM' ? 12 : 16);
  const isRequest = spec.direction === 'request';
  const signer = isRequest ? keys.device : keys.user;
  const recipient = isRequest ? keys.user : keys.device;
  const options = { ts: TS, nonce: spec.nonce, rawKey, iv };
  const sealed = isRequest
    ? sealRequestEnvelope('alice', spec.payloadObject, signer.privateKeyPem, recipient.publicKeyPem, spec.algorithm, options)
    : await sealResponseEnvelopeAsync(spec.payloadObject, signer.privateKeyPem, recipient.publicKeyPem, spec.algorithm, options);
  const payload = JSON.stringify(spec.payloadObject);
  let signature = rsaSign(signer.privateKeyPem, signingInput(TS, spec.nonce, payload));
  let body = sealed.body;
  if (spec.tamperSignature) {
    signature = Buffer.from(signature);
    signature[0] = (signature[0] ?? 0) ^ 0x01;
    const inner = { payload, ts: TS, nonce: spec.nonce, signature: signature.toString('base64') };
    body = encryptAesText(aesKeyRecordFromBytes(rawKey, spec.algorithm, ''), JSON.stringify(inner), iv);
  }
  const key = oaepWithSeed(recipient.publicKeyPem, rawKey, fixedBytes(`envelope-oaep-seed-${spec.name}`)).toString('base64');
  return {
    name: spec.name,
    direction: spec.direction,
    algorithm: spec.algorithm,
    valid: !spec.tamperSignature,
    ...(spec.tamperSignature ? { expectedError: 'bad_signature' as const } : {}),
    now: TS,
    wire: isRequest ? { loginName: 'alice', key, body } : { key, body },
    payloadObject: spec.payloadObject,
    inner: { payload, ts: TS, nonce: spec.nonce, signature: signature.toString('base64') },
    signingInputUtf8: `${TS}.${spec.nonce}.${payload}`,
    rawKeyBase64: rawKey.toString('base64'),
    ivHex: iv.toString('hex'),
  };
}

function envelopeVectors(keys: VectorKeys): Promise<EnvelopeVector[]> {
  const send = { roomId: 'room-1', aesMessage: 'BASE64CIPHERTEXT==', messageKeyUuid: '0e6a1f2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b' };
  const specs: EnvelopeSpec[] = [
    { name: 'request-GCM', direction: 'request', algorithm: 'GCM', payloadObject: send, nonce: '3f1c2a9e-0b7d-4c55-9a11-5e2f8d6c4b01' },
    { name: 'request-CBC', direction: 'request', algorithm: 'CBC', payloadObject: send, nonce: '5a2b7c9d-1e3f-4a6b-8c0d-2e4f6a8b0c1d' },
    { name: 'request-CTR', direction: 'request', algorithm: 'CTR', payloadObject: { text: '你好' }, nonce: '7b3c8d0e-2f4a-4b7c-9d1e-3f5a7b9c1d2e' },
    {
      name: 'request-GCM-signature-bit-flipped',
      direction: 'request',
      algorithm: 'GCM',
      payloadObject: send,
      nonce: '9c4d0e1f-3a5b-4c8d-ae2f-4a6b8c0d2e3f',
      tamperSignature: true,
    },
    {
      name: 'response-GCM',
      direction: 'response',
      algorithm: 'GCM',
      payloadObject: { status: 'success', messageId: 1001, isRecrypted: false },
      nonce: '8c0d7f3e-2a41-4b9c-8e6f-1d2c3b4a5f60',
    },
    {
      name: 'response-GCM-signature-bit-flipped',
      direction: 'response',
      algorithm: 'GCM',
      payloadObject: { status: 'success', messageId: 1001, isRecrypted: false },
      nonce: 'ad1e2f3a-4b5c-4d6e-8f7a-8b9c0d1e2f3a',
      tamperSignature: true,
    },
  ];
  return Promise.all(specs.map((spec) => envelopeVector(keys, spec)));
}

export interface VectorFiles {
  'aes.json': { description: string; vectors: AesVector[] };
  'rsa.json': { description: string; oaep: OaepVector[]; signatures: SignatureVector[] };
  'envelopes.json': { description: string; vectors: EnvelopeVector[] };
}

export async function buildVectors(keys: VectorKeys): Promise<VectorFiles> {
  return {
    'aes.json': {
      description:
        'AES-256. CBC/CTR: key = SHA-256(UTF-8 aesKey text), 16-byte IV. GCM: key = base64-decoded aesKey, 12-byte IV, 16-byte tag. expected = base64(IV ‖ ciphertext [‖ tag]) of the UTF-8 plaintext.',
      vectors: aesVectors(),
    },
    'rsa.json': {
      description:
        'RSA-2048 keys from keys.json. oaep: RSA-OAEP SHA-256 with MGF1-SHA-256, no label; decrypt ciphertextBase64 to plaintextHex. signatures: RSASSA-PKCS1-v1_5 SHA-256 of UTF-8 messageUtf8 (deterministic).',
      ...rsaVectors(keys),
    },
    'envelopes.json': {
      description:
        'Envelopes (docs/protocol.md). Requests: signed by device, key wrapped to user. Responses: signed by user, key wrapped to device. Check freshness against `now`. valid=false must be refused with expectedError.',
      vectors: await envelopeVectors(keys),
    },
  };
}

export function readKeys(): VectorKeys {
  return JSON.parse(readFileSync(join(VECTOR_DIR, 'keys.json'), 'utf8')) as VectorKeys;
}

async function main(): Promise<void> {
  const keysPath = join(VECTOR_DIR, 'keys.json');
  if (process.argv.includes('--new-keys') || !existsSync(keysPath)) {
    const keys: VectorKeys = { user: generateRsaKeyPairSync(), device: generateRsaKeyPairSync() };
    writeFileSync(keysPath, `${JSON.stringify(keys, null, 2)}\n`);
    console.log(`wrote ${keysPath}`);
  }
  const files = await buildVectors(readKeys());
  for (const [name, content] of Object.entries(files)) {
    writeFileSync(join(VECTOR_DIR, name), `${JSON.stringify(content, null, 2)}\n`);
    console.log(`wrote ${join(VECTOR_DIR, name)}`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
