import { describe, expect, it } from 'vitest';
import { initials } from './initials.ts';

describe('initials', () => {
  it('takes the first letters of the first and the last word of a Latin name', () => {
    expect(initials('Alice')).toBe('A');
    expect(initials('alice wong')).toBe('AW');
    expect(initials('Mary Ann Lee')).toBe('ML');
    expect(initials('  Bob   Chan  ')).toBe('BC');
  });

  it('takes the last two Chinese characters (the given name), however the name mixes scripts', () => {
    expect(initials('陳大文')).toBe('大文');
    expect(initials('王芳')).toBe('王芳');
    expect(initials('歐陽小明')).toBe('小明');
    expect(initials('心')).toBe('心');
    expect(initials('Tang 心怡')).toBe('心怡');
    expect(initials('心 Tang')).toBe('心');
    expect(initials('Tang心怡')).toBe('心怡');
    expect(initials('Peter 陳大文')).toBe('大文');
    expect(initials('陳 大文')).toBe('大文');
    expect(initials('Tang Sum-yee (鄧心怡)')).toBe('心怡');
  });

  it('keeps a Chinese character outside the basic plane whole', () => {
    expect(initials('林𠀋')).toBe('林𠀋');
  });

  it('skips emoji, quotes and brackets in front of a word', () => {
    expect(initials('🙂 Alice Wong')).toBe('AW');
    expect(initials('Alice 🎉')).toBe('A');
    expect(initials('"Alice" (Wong)')).toBe('AW');
  });

  it('shows an emoji a name is made of, and "?" for nothing readable', () => {
    expect(initials('🙂')).toBe('🙂');
    expect(initials('👩‍⚕️ 🎉')).toBe('👩‍⚕️');
    expect(initials('')).toBe('?');
    expect(initials('   \t\n ')).toBe('?');
    expect(initials('--- ...')).toBe('?');
  });

  it('ignores bidi marks, zero-width characters and controls', () => {
    expect(initials('\u200Fמרים כהן\u200F')).toBe('מכ');
    expect(initials('\u202Eevil\u202C name')).toBe('EN');
    expect(initials('\u200B\u200E\uFEFF')).toBe('?');
    expect(initials('\u2067محمد علي\u2069')).toBe('مع');
    expect(initials('Ali\u0000ce Wong')).toBe('AW');
  });

  it('keeps an accented letter whole, typed composed or apart', () => {
    expect(initials('émile zola')).toBe('ÉZ');
    expect(initials('e\u0301mile zola')).toBe('ÉZ');
  });

  it('gives one letter for one letter', () => {
    expect(initials('ßtraße')).toBe('ß');
  });

  it('stays short and quick for a very long name', () => {
    const long = `${'a'.repeat(100_000)} ${'b'.repeat(100_000)} Zed`;
    expect(initials(long)).toBe('A');
    expect(initials('x '.repeat(50_000))).toBe('XX');
    expect(initials('字'.repeat(100_000))).toBe('字字');
  });
});
