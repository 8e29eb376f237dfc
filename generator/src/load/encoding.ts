/**
 * Files people edit must be UTF-8. Node's decoder turns a byte that is not UTF-8 into U+FFFD without a word, so a
 * zh_TW wording saved as Big5 shipped as "�t�"; a file saved as UTF-16 decodes to text full of NUL characters.
 * Both are refused here, at the line and column of the first offending byte.
 */
import { positionFinder } from './json-text.ts';

export type Decoded = { ok: true; text: string } | { ok: false; message: string; line: number; column: number };

const STRICT = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const LENIENT = new TextDecoder('utf-8', { ignoreBOM: true });

/** Length in bytes of the longest prefix of `bytes` that is valid UTF-8 (a whole number of characters). */
function validPrefix(bytes: Uint8Array): number {
  let at = 0;
  while (at < bytes.length) {
    const b = bytes[at]!;
    const size = b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (size === 0 || at + size > bytes.length) return at;
    const chunk = bytes.subarray(at, at + size);
    try {
      STRICT.decode(chunk);
    } catch {
      return at;
    }
    at += size;
  }
  return at;
}

export function decodeUtf8(bytes: Buffer): Decoded {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return { ok: false, message: 'is saved as UTF-16 (it starts with a UTF-16 byte-order mark): save it as UTF-8', line: 1, column: 1 };
  }
  let text: string;
  try {
    text = STRICT.decode(bytes);
  } catch {
    const at = validPrefix(bytes);
    const before = LENIENT.decode(bytes.subarray(0, at));
    const { line, column } = positionFinder(before)(before.length);
    const hex = `0x${bytes[at]!.toString(16).toUpperCase().padStart(2, '0')}`;
    return { ok: false, message: `is not valid UTF-8 (byte ${hex}; saved as Big5, GBK or Latin-1?): save it as UTF-8`, line, column };
  }
  const nul = text.indexOf('\u0000');
  if (nul !== -1) {
    const { line, column } = positionFinder(text)(nul);
    return { ok: false, message: 'contains NUL characters (saved as UTF-16 without a byte-order mark?): save it as UTF-8', line, column };
  }
  return { ok: true, text };
}
