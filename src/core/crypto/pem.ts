// PEM <-> DER. Keys travel inside JSON, so readers accept PEM with or without line breaks.
import { fromBase64, toBase64, type Bytes } from './bytes.ts';

export type PemLabel = 'PUBLIC KEY' | 'PRIVATE KEY';

export const PEM_LINE_LENGTH = 64;

export function derToPem(label: PemLabel, der: Uint8Array): string {
  const base64 = toBase64(der);
  const lines: string[] = [];
  for (let i = 0; i < base64.length; i += PEM_LINE_LENGTH) lines.push(base64.slice(i, i + PEM_LINE_LENGTH));
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

export function pemToDer(pem: string, label: PemLabel): Bytes {
  const match = new RegExp(`-----BEGIN ${label}-----([\\s\\S]*?)-----END ${label}-----`).exec(pem);
  if (!match?.[1]) throw new Error(`not a ${label} PEM`);
  return fromBase64(match[1]);
}
