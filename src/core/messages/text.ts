// Pure rules for showing text from other people safely and legibly: combining marks clamped per character,
// bidi controls kept out of file names, long texts collapsed, emoji-only texts enlarged, the length limit.

/** Combining marks kept on one base character: enough for Vietnamese, Thai and Devanagari, not for 'Zalgo' stacks. */
export const MAX_MARKS_PER_CHARACTER = 4;

const markRun = new RegExp(`(\\p{M}{${MAX_MARKS_PER_CHARACTER}})\\p{M}+`, 'gu');

/** Drops the combining marks beyond the first few on each character, so no glyph grows out of its line. */
export function clampCombiningMarks(text: string): string {
  return text.replace(markRun, '$1');
}

// LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI, PDI, LRM, RLM, ALM.
const bidiControls = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/gu;

/** The text without bidi controls: an override in it can no longer reorder the text around it. */
export function withoutBidiControls(text: string): string {
  return text.replace(bidiControls, '');
}

/** A file name as it really is: bidi controls (which can show 'x\u202Efdp.exe' as 'xexe.pdf') removed. */
export function plainFileName(name: string): string {
  return clampCombiningMarks(withoutBidiControls(name));
}

/** The real extension of a file name (after the last dot, bidi controls ignored), upper case; '' when none. */
export function realExtension(name: string): string {
  const plain = plainFileName(name);
  const dot = plain.lastIndexOf('.');
  return dot <= 0 || dot === plain.length - 1 ? '' : plain.slice(dot + 1).toUpperCase();
}

/** Texts with more lines or characters than these are collapsed behind 'Show more'. */
export const COLLAPSE_LINES = 12;
export const COLLAPSE_CHARACTERS = 1200;

export function isLongText(text: string): boolean {
  if (text.length > COLLAPSE_CHARACTERS) return true;
  let lines = 1;
  for (let index = text.indexOf('\n'); index >= 0; index = text.indexOf('\n', index + 1)) {
    lines += 1;
    if (lines > COLLAPSE_LINES) return true;
  }
  return false;
}

/** At most this many emoji are shown enlarged (one to three, as the common messengers do). */
export const MAX_ENLARGED_EMOJI = 3;

const emojiGrapheme = /^(?:\p{Extended_Pictographic}|\p{Regional_Indicator}|[#*0-9]\uFE0F?\u20E3)/u;
// Joiners, variation selectors and keycaps are alternatives, not class members (they combine with their neighbour).
const emojiParts = /^(?:[\p{Extended_Pictographic}\p{Regional_Indicator}\p{Emoji_Modifier}#*0-9\u{E0020}-\u{E007F}]|\u200D|\uFE0F|\u20E3)+$/u;
const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** A text made only of one to three emoji (white space between them allowed). */
export function isEmojiOnly(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.length > 64) return false;
  let count = 0;
  for (const { segment } of segmenter.segment(trimmed)) {
    if (/^\s+$/u.test(segment)) continue;
    if (!emojiGrapheme.test(segment) || !emojiParts.test(segment)) return false;
    count += 1;
    if (count > MAX_ENLARGED_EMOJI) return false;
  }
  return count > 0;
}

/** Characters as the user counts them (code points, so an emoji or a CJK character is one). */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}
