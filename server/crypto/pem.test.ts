import { describe, expect, it } from 'vitest';
import { normalisePem, parsePem } from './pem.ts';
import { generateRsaKeyPairSync } from './rsa.ts';

const { publicKeyPem, privateKeyPem } = generateRsaKeyPairSync();

describe('normalisePem', () => {
  it('writes 64-character lines between the armour', () => {
    const lines = normalisePem(publicKeyPem).trimEnd().split('\n');
    expect(lines[0]).toBe('-----BEGIN PUBLIC KEY-----');
    expect(lines.at(-1)).toBe('-----END PUBLIC KEY-----');
    const body = lines.slice(1, -1);
    for (const line of body.slice(0, -1)) expect(line).toHaveLength(64);
    expect(body.at(-1)!.length).toBeLessThanOrEqual(64);
  });

  it('accepts a key on one line, with CRLF, with literal \\n, or as a bare body', () => {
    const oneLine = publicKeyPem.replace(/\n/g, '');
    const crlf = publicKeyPem.replace(/\n/g, '\r\n');
    const escaped = publicKeyPem.replace(/\n/g, '\\n');
    const bare = publicKeyPem.replace(/-----[A-Z ]+-----/g, '').replace(/\s/g, '');
    for (const variant of [oneLine, crlf, escaped]) expect(normalisePem(variant)).toBe(publicKeyPem);
    expect(normalisePem(bare, 'PUBLIC KEY')).toBe(publicKeyPem);
  });

  it('refuses a mismatched label and a broken body', () => {
    expect(() => parsePem(privateKeyPem, 'PUBLIC KEY')).toThrow(/expected a PUBLIC KEY/);
    expect(() => parsePem('-----BEGIN PUBLIC KEY-----\n@@@@\n-----END PUBLIC KEY-----')).toThrow(/base64/);
    expect(() => parsePem('hello')).toThrow(/not a PEM/);
  });
});
