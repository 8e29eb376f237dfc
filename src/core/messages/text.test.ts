import { describe, expect, it } from 'vitest';
import { characterCount, clampCombiningMarks, isEmojiOnly, isLongText, MAX_MARKS_PER_CHARACTER, plainFileName, realExtension } from './text.ts';

describe('hostile text', () => {
  it('keeps at most a few combining marks on each character', () => {
    const zalgo = 'a' + '\u0301'.repeat(300) + 'b' + '\u0302'.repeat(2);
    const clamped = clampCombiningMarks(zalgo);
    expect(clamped).toBe('a' + '\u0301'.repeat(MAX_MARKS_PER_CHARACTER) + 'b' + '\u0302'.repeat(2));
    // Real scripts keep their marks: Vietnamese and Devanagari.
    expect(clampCombiningMarks('Tiếng Việt')).toBe('Tiếng Việt');
    expect(clampCombiningMarks('नमस्ते')).toBe('नमस्ते');
  });

  it('shows the real name and extension of a file named with a right-to-left override', () => {
    expect(plainFileName('x\u202Efdp.exe')).toBe('xfdp.exe');
    expect(realExtension('x\u202Efdp.exe')).toBe('EXE');
    expect(realExtension('report.pdf')).toBe('PDF');
    expect(realExtension('README')).toBe('');
    expect(realExtension('.bashrc')).toBe('');
    expect(plainFileName('a\u2067b\u2069\u200Fc')).toBe('abc');
  });

  it('collapses texts of many lines or many characters', () => {
    expect(isLongText('line\n'.repeat(200))).toBe(true);
    expect(isLongText('x'.repeat(1201))).toBe(true);
    expect(isLongText('one\ntwo\nthree')).toBe(false);
    expect(isLongText('line\n'.repeat(11) + 'last')).toBe(false);
  });
});

describe('emoji-only texts', () => {
  it('are one to three emoji, including joined, flagged and skin-toned ones', () => {
    expect(isEmojiOnly('😀')).toBe(true);
    expect(isEmojiOnly('👍🏽 🎉')).toBe(true);
    expect(isEmojiOnly('👨‍👩‍👧‍👦')).toBe(true);
    expect(isEmojiOnly('🇭🇰')).toBe(true);
    expect(isEmojiOnly('❤️')).toBe(true);
    expect(isEmojiOnly('1️⃣')).toBe(true);
  });

  it('are not texts with words, digits or more than three emoji', () => {
    expect(isEmojiOnly('ok 👍')).toBe(false);
    expect(isEmojiOnly('1')).toBe(false);
    expect(isEmojiOnly('😀😀😀😀')).toBe(false);
    expect(isEmojiOnly('')).toBe(false);
    expect(isEmojiOnly('   ')).toBe(false);
    expect(isEmojiOnly('你好')).toBe(false);
  });
});

describe('length', () => {
  it('counts characters as the user sees them, not UTF-16 units', () => {
    expect(characterCount('😀😀')).toBe(2);
    expect(characterCount('你好')).toBe(2);
  });
});
