// Account profile pictures: the uploaded image is re-encoded (orientation applied, metadata such as GPS
// dropped) and stored with a thumbnail of at most 300x500 px (seed section 9).
import sharp, { type Sharp } from 'sharp';
import { ApiError } from '../../http/api-error.ts';

export const THUMBNAIL_MAX_WIDTH = 300;
export const THUMBNAIL_MAX_HEIGHT = 500;
/** Largest picture kept as the full image (longest edge); bigger uploads are scaled down. */
export const FULL_IMAGE_MAX_EDGE = 2048;
/** Refuse decompression bombs before decoding. */
const MAX_INPUT_PIXELS = 40_000_000;

/** Seed section 5: image types gif, jpeg, jpg, png. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'gif']);

export interface ProcessedImage {
  full: Buffer;
  thumbnail: Buffer;
  contentType: string;
}

export async function processProfileImage(input: Buffer): Promise<ProcessedImage> {
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw new ApiError('FILE_TYPE_UNSUPPORTED', 'not a readable image');
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new ApiError('FILE_TYPE_UNSUPPORTED', `image type ${format ?? 'unknown'}`);

  // GIFs keep their first frame as a PNG; JPEG stays JPEG, PNG stays PNG (transparency).
  const asJpeg = format === 'jpeg';
  const encode = (image: Sharp) => (asJpeg ? image.jpeg({ quality: 85 }) : image.png({ compressionLevel: 9 }));
  try {
    const base = () => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, pages: 1 }).rotate();
    const full = await encode(
      base().resize({ width: FULL_IMAGE_MAX_EDGE, height: FULL_IMAGE_MAX_EDGE, fit: 'inside', withoutEnlargement: true }),
    ).toBuffer();
    const thumbnail = await encode(
      base().resize({ width: THUMBNAIL_MAX_WIDTH, height: THUMBNAIL_MAX_HEIGHT, fit: 'inside', withoutEnlargement: true }),
    ).toBuffer();
    return { full, thumbnail, contentType: asJpeg ? 'image/jpeg' : 'image/png' };
  } catch {
    throw new ApiError('MEDIA_UPLOAD_FAIL', 'the image could not be processed');
  }
}
