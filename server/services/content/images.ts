// Pictures the content calls make with sharp: thumbnails of uploaded files and the seed's sticker art.
import sharp from 'sharp';

/** The seed's thumbnail box: at most 300 x 500 px. */
export const THUMBNAIL_MAX = { width: 300, height: 500 } as const;

/** A PNG thumbnail inside the box, or null when the bytes are not an image sharp can read. */
export async function thumbnailOf(bytes: Uint8Array, box: { width: number; height: number } = THUMBNAIL_MAX): Promise<Buffer | null> {
  try {
    return await sharp(bytes, { limitInputPixels: 100_000_000 })
      .rotate()
      .resize({ width: box.width, height: box.height, fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}

/** The MIME type of an image sharp can read (banners must be one), or null. */
export async function imageType(bytes: Uint8Array): Promise<string | null> {
  try {
    const meta = await sharp(bytes).metadata();
    return meta.format && typeof meta.width === 'number' && meta.width > 0 ? `image/${meta.format}` : null;
  } catch {
    return null;
  }
}

export const escapeXml = (text: string): string =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

export type Shape = 'circle' | 'square' | 'diamond';

/** A square PNG: a coloured shape with a letter on it (sticker and tray art). */
export async function letterImage(options: { size: number; colour: string; letter: string; shape: Shape }): Promise<Buffer> {
  const { size, colour, shape } = options;
  const half = size / 2;
  const inset = size * 0.06;
  const figure =
    shape === 'circle'
      ? `<circle cx="${half}" cy="${half}" r="${half - inset}" fill="${colour}"/>`
      : shape === 'square'
        ? `<rect x="${inset}" y="${inset}" width="${size - 2 * inset}" height="${size - 2 * inset}" rx="${size * 0.18}" fill="${colour}"/>`
        : `<polygon points="${half},${inset} ${size - inset},${half} ${half},${size - inset} ${inset},${half}" fill="${colour}"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">${figure}<text x="${half}" y="${half + size * 0.17}" font-size="${size * 0.48}" font-family="sans-serif" font-weight="bold" fill="#ffffff" text-anchor="middle">${escapeXml(options.letter)}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export const base64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');
export const dataUrl = (contentType: string, bytes: Uint8Array): string => `data:${contentType};base64,${base64(bytes)}`;
