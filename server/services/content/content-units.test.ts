import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { imageType, letterImage, thumbnailOf } from './images.ts';
import { contentTypeOf } from './news.ts';
import { simplePdf } from './seed-assets.ts';

describe('content helpers', () => {
  it('guesses a file type from its name only when the part gives none', () => {
    expect(contentTypeOf({ filename: 'a.PDF', contentType: 'application/octet-stream' })).toBe('application/pdf');
    expect(contentTypeOf({ filename: 'a.pdf', contentType: 'text/plain' })).toBe('text/plain');
    expect(contentTypeOf({ filename: 'noext', contentType: '' })).toBe('application/octet-stream');
  });

  it('makes thumbnails inside the box and refuses non-images', async () => {
    const big = await sharp({ create: { width: 1000, height: 2000, channels: 3, background: '#000' } }).jpeg().toBuffer();
    const thumb = await thumbnailOf(big);
    const meta = await sharp(thumb!).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 250, 500]);
    expect(await thumbnailOf(Buffer.from('hello'))).toBeNull();
    expect(await imageType(big)).toBe('image/jpeg');
    expect(await imageType(Buffer.from('hello'))).toBeNull();
  });

  it('draws sticker art of the asked size', async () => {
    for (const shape of ['circle', 'square', 'diamond'] as const) {
      const png = await letterImage({ size: 120, colour: '#2f80c9', letter: '<&>', shape });
      expect((await sharp(png).metadata()).width).toBe(120);
    }
  });

  it('writes a PDF whose cross-reference offsets point at its objects', () => {
    const pdf = simplePdf('Notice (draft)', ['Line one', 'Line \\ two']).toString('latin1');
    const xrefAt = Number(/startxref\n(\d+)/.exec(pdf)?.[1]);
    expect(pdf.slice(xrefAt, xrefAt + 4)).toBe('xref');
    const offsets = [...pdf.matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(5);
    offsets.forEach((offset, i) => expect(pdf.slice(offset, offset + 8)).toBe(`${i + 1} 0 obj\n`));
    expect(pdf).toContain('(Notice \\(draft\\)) Tj');
  });
});
