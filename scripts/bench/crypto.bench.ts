/**
 * node:crypto (native, what the server uses), WebCrypto through the client's own src/core/crypto (the code the
 * browser runs; Node implements the same SubtleCrypto API) and node-forge (pure JavaScript, the fallback),
 * side by side in one run. Prints the median per operation and the ratios forge/native and forge/WebCrypto.
 *
 *   node --import tsx scripts/bench/crypto.bench.ts
 *
 * Each measurement stops at its iteration count or its time budget, whichever comes first, so the whole
 * run stays well under a minute. Numbers are for comparison on the same machine, never assertions.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import forge from 'node-forge';
import { decryptAes, encryptAes, newAesKeyRecord, deriveAesKey } from '../../server/crypto/aes.ts';
import { generateRsaKeyPair, rsaOaepEncrypt, rsaSign } from '../../server/crypto/rsa.ts';
import * as webAes from '../../src/core/crypto/aes.ts';
import * as webRsa from '../../src/core/crypto/rsa.ts';

// Measure forge's own JavaScript: in Node it would otherwise hand key generation to node:crypto.
// @types/node-forge does not declare forge.options.
(forge as unknown as { options: { usePureJavaScript: boolean } }).options.usePureJavaScript = true;

interface Measured {
  median: number;
  runs: number;
}

async function measure(fn: () => unknown, maxRuns: number, budgetMs: number): Promise<Measured> {
  await fn(); // warm-up: JIT, key caches
  const times: number[] = [];
  const deadline = performance.now() + budgetMs;
  while (times.length < maxRuns && (times.length < 3 || performance.now() < deadline)) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const mid = Math.floor(times.length / 2);
  const median = times.length % 2 ? (times[mid] ?? 0) : ((times[mid - 1] ?? 0) + (times[mid] ?? 0)) / 2;
  return { median, runs: times.length };
}

const binary = (bytes: Uint8Array): string => Buffer.from(bytes).toString('binary');
const sha256 = (): forge.md.MessageDigest => forge.md.sha256.create();

async function main(): Promise<void> {
  const started = performance.now();
  const pair = await generateRsaKeyPair();
  const forgePrivate = forge.pki.privateKeyFromPem(pair.privateKeyPem);
  const forgePublic = forge.pki.publicKeyFromPem(pair.publicKeyPem);

  const messages = Array.from({ length: 200 }, () => randomBytes(1024));
  const gcm = newAesKeyRecord('GCM');
  const cbc = newAesKeyRecord('CBC');
  const gcmTexts = messages.map((m) => Buffer.from(encryptAes(gcm, m), 'base64'));
  const cbcTexts = messages.map((m) => Buffer.from(encryptAes(cbc, m), 'base64'));
  const gcmKey = forge.util.createBuffer(binary(deriveAesKey(gcm)));
  const cbcKey = forge.util.createBuffer(binary(deriveAesKey(cbc)));
  const signInput = Buffer.from(`${Date.now()}.${crypto.randomUUID()}.${'{"roomId":"r1","aesMessage":"…"}'.repeat(8)}`);
  const aesKeyBytes = randomBytes(32);

  const forgeGcmDecrypt = (): void => {
    for (const data of gcmTexts) {
      const decipher = forge.cipher.createDecipher('AES-GCM', gcmKey.copy());
      decipher.start({ iv: binary(data.subarray(0, 12)), tag: forge.util.createBuffer(binary(data.subarray(data.length - 16))) });
      decipher.update(forge.util.createBuffer(binary(data.subarray(12, data.length - 16))));
      if (!decipher.finish()) throw new Error('forge GCM tag mismatch');
    }
  };
  const forgeCbcDecrypt = (): void => {
    for (const data of cbcTexts) {
      const decipher = forge.cipher.createDecipher('AES-CBC', cbcKey.copy());
      decipher.start({ iv: binary(data.subarray(0, 16)) });
      decipher.update(forge.util.createBuffer(binary(data.subarray(16))));
      if (!decipher.finish()) throw new Error('forge CBC padding error');
    }
  };
  const gcmBase64 = gcmTexts.map((b) => b.toString('base64'));
  const cbcBase64 = cbcTexts.map((b) => b.toString('base64'));

  const rows: Array<{ operation: string; native: Measured; webCrypto: Measured; forge: Measured }> = [];
  const row = async (
    operation: string,
    native: () => unknown,
    viaWebCrypto: () => Promise<unknown>,
    viaForge: () => unknown,
    runs: [number, number],
    budgets: [number, number],
  ) => {
    rows.push({
      operation,
      native: await measure(native, runs[0], budgets[0]),
      webCrypto: await measure(viaWebCrypto, runs[0], budgets[0]),
      forge: await measure(viaForge, runs[1], budgets[1]),
    });
  };

  await row(
    'RSA-2048 key generation',
    () => generateRsaKeyPair(),
    () => webRsa.generateDeviceKeys(),
    () => forge.pki.rsa.generateKeyPair({ bits: 2048, e: 0x10001 }),
    [15, 5],
    [3000, 20000],
  );
  await row(
    'AES-256-GCM decrypt 200 × 1 KiB',
    () => gcmBase64.forEach((t) => decryptAes(gcm, t)),
    () => Promise.all(gcmBase64.map((t) => webAes.decryptAes(gcm, t))),
    forgeGcmDecrypt,
    [50, 15],
    [2000, 4000],
  );
  await row(
    'AES-256-CBC decrypt 200 × 1 KiB',
    () => cbcBase64.forEach((t) => decryptAes(cbc, t)),
    () => Promise.all(cbcBase64.map((t) => webAes.decryptAes(cbc, t))),
    forgeCbcDecrypt,
    [50, 15],
    [2000, 4000],
  );
  await row(
    'RSASSA-PKCS1-v1_5 SHA-256 sign',
    () => rsaSign(pair.privateKeyPem, signInput),
    () => webRsa.rsaSign(pair.privateKeyPem, signInput),
    () => {
      const md = sha256();
      md.update(binary(signInput));
      return forgePrivate.sign(md);
    },
    [200, 50],
    [2000, 4000],
  );
  await row(
    'RSA-OAEP SHA-256 encrypt 32 B',
    () => rsaOaepEncrypt(pair.publicKeyPem, aesKeyBytes),
    () => webRsa.rsaOaepEncrypt(pair.publicKeyPem, aesKeyBytes),
    () => forgePublic.encrypt(binary(aesKeyBytes), 'RSA-OAEP', { md: sha256(), mgf1: { md: sha256() } }),
    [500, 200],
    [1000, 3000],
  );

  const fmt = (ms: number): string => (ms >= 100 ? `${ms.toFixed(0)} ms` : ms >= 1 ? `${ms.toFixed(2)} ms` : `${(ms * 1000).toFixed(0)} µs`);
  console.log(`node ${process.version}, node-forge pure JavaScript; medians (runs)`);
  const cell = (m: Measured) => `${fmt(m.median)} (${m.runs})`.padStart(18);
  const ratio = (a: Measured, b: Measured) => `${(a.median / b.median).toFixed(1)}×`.padStart(13);
  console.log(
    `${'operation'.padEnd(34)} ${'node:crypto'.padStart(18)} ${'WebCrypto'.padStart(18)} ${'node-forge'.padStart(18)} ${'forge/native'.padStart(13)} ${'forge/WebCrypto'.padStart(16)}`,
  );
  for (const r of rows) {
    console.log(
      `${r.operation.padEnd(34)} ${cell(r.native)} ${cell(r.webCrypto)} ${cell(r.forge)} ${ratio(r.forge, r.native)} ${ratio(r.forge, r.webCrypto).padStart(16)}`,
    );
  }
  console.log(`total ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

await main();
