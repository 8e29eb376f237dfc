// The letters an avatar without a picture shows (rule and reasons: docs/client-ui.md, "Avatar initials").

// Invisible characters that change nothing a reader sees: bidi marks, embeddings, overrides and isolates, the
// byte-order mark, soft hyphen, and the zero-width space and (non-)joiners outside an emoji sequence.
const INVISIBLE = /[\u00AD\u061C\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]|\p{Cc}/gu;
// Chinese characters and the other scripts written without spaces between the parts of a name.
const CJK_ALL = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;
const LETTER = /[\p{L}\p{N}]/u;
const PICTURE = /\p{Extended_Pictographic}/u;
// A name longer than this shows the initials of its first part; nothing a person is called is this long.
const MAX_CHARS = 256;

// Firefox before 125 has no Intl.Segmenter: code points there (an accent typed apart from its letter is dropped).
const segmenter = typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : undefined;

function graphemes(text: string): string[] {
  return segmenter ? Array.from(segmenter.segment(text), (part) => part.segment) : Array.from(text);
}

/** The first letter of a word as the reader sees it (with its accents), skipping quotes, brackets and emoji. */
function firstLetter(word: string): string {
  return graphemes(word).find((grapheme) => LETTER.test(grapheme)) ?? '';
}

function upper(grapheme: string): string {
  const raised = grapheme.toUpperCase();
  // 'ß' would become 'SS': one letter stays one letter.
  return Array.from(raised).length === Array.from(grapheme).length ? raised : grapheme;
}

/**
 * Up to two characters for an avatar: with Chinese (or Japanese, Korean) characters in the name, the last two of
 * them (the given name, as Chinese clients show: '陳大文' → '大文', 'Tang 心怡' → '心怡', '心 Tang' → '心'); else
 * the first letters of the first and the last word ('Mary Ann Lee' → 'ML'); else an emoji the name is made of;
 * else '?'.
 */
export function initials(name: string): string {
  const clean = name.slice(0, MAX_CHARS).replace(INVISIBLE, '').normalize('NFC');
  const cjk = clean.match(CJK_ALL);
  if (cjk) return cjk.slice(-2).join('');
  const words = clean.split(/\s+/u).map(firstLetter).filter(Boolean);
  const first = words[0];
  if (first !== undefined) {
    const last = words.length > 1 ? (words[words.length - 1] ?? '') : '';
    return upper(first) + upper(last);
  }
  return graphemes(clean.trim()).find((grapheme) => PICTURE.test(grapheme)) ?? '?';
}
