/**
 * PEM normalisation. Keys arrive from clients and config with or without line breaks
 * (JSON fields, environment variables); the protocol's canonical form has 64-character lines.
 */
import { CryptoFailure } from './errors.ts';

export type PemLabel = 'PUBLIC KEY' | 'PRIVATE KEY' | 'RSA PRIVATE KEY' | 'RSA PUBLIC KEY';

const ARMOUR = /-----BEGIN ([A-Z0-9 ]+)-----([\s\S]*?)-----END \1-----/;
const BASE64_BODY = /^[A-Za-z0-9+/]+={0,2}$/;

export interface ParsedPem {
  label: string;
  der: Buffer;
}

/** Reads one PEM block; a bare base64 body is accepted when the caller names the label it expects. */
export function parsePem(text: string, expectedLabel?: PemLabel): ParsedPem {
  if (typeof text !== 'string') throw new CryptoFailure('bad_input', 'PEM must be a string');
  // Keys pasted from JSON sometimes carry literal "\n" sequences instead of line breaks.
  const unescaped = text.replace(/\\r\\n|\\n/g, '\n');
  const match = ARMOUR.exec(unescaped);
  let label: string;
  let body: string;
  if (match) {
    label = match[1] ?? '';
    body = match[2] ?? '';
  } else if (expectedLabel) {
    label = expectedLabel;
    body = unescaped;
  } else {
    throw new CryptoFailure('bad_input', 'not a PEM block');
  }
  if (expectedLabel && label !== expectedLabel) {
    throw new CryptoFailure('bad_input', `expected a ${expectedLabel} PEM, got ${label}`);
  }
  const compact = body.replace(/\s+/g, '');
  if (compact.length === 0 || compact.length % 4 !== 0 || !BASE64_BODY.test(compact)) {
    throw new CryptoFailure('bad_input', 'PEM body is not base64');
  }
  return { label, der: Buffer.from(compact, 'base64') };
}

export function derToPem(der: Uint8Array, label: PemLabel | string): string {
  const base64 = Buffer.from(der).toString('base64');
  const lines = base64.match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

/** Canonical form: armour, 64-character lines, LF endings, trailing newline. */
export function normalisePem(text: string, expectedLabel?: PemLabel): string {
  const { label, der } = parsePem(text, expectedLabel);
  return derToPem(der, label);
}
