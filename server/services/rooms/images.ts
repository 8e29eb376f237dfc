// Room profile images: the picture as uploaded plus a thumbnail of at most 300x500 px (seed section 9),
// both kept in the blob store. Only the seed's image types (gif, jpeg, png) are accepted.
import sharp from 'sharp';
import { ApiError } from '../../http/api-error.ts';
import type { Queryable } from '../../store/db.ts';
import { BlobTooLargeError, saveBlob, type BlobStore } from '../../store/blobs.ts';

export const THUMBNAIL_MAX = { width: 300, height: 500 } as const;

const ACCEPTED_FORMATS: Readonly<Record<string, string>> = { jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif' };

export interface PreparedImage {
  image: Buffer;
  contentType: string;
  thumbnail: Buffer;
  thumbnailContentType: string;
}

/** Checks the bytes are a picture of an accepted type and makes its thumbnail. */
export async function prepareRoomImage(data: Buffer, maxBytes: number): Promise<PreparedImage> {
  if (data.length === 0) throw new ApiError('MEDIA_UPLOAD_FAIL', 'empty image');
  if (data.length > maxBytes) throw new ApiError('TOO_LARGE');
  let format: string | undefined;
  try {
    format = (await sharp(data).metadata()).format;
  } catch {
    throw new ApiError('MEDIA_UPLOAD_FAIL', 'not a readable image');
  }
  const contentType = format ? ACCEPTED_FORMATS[format] : undefined;
  if (!format || !contentType) throw new ApiError('FILE_TYPE_UNSUPPORTED', format ?? 'unknown');
  const resized = sharp(data, { animated: false })
    .rotate()
    .resize({ width: THUMBNAIL_MAX.width, height: THUMBNAIL_MAX.height, fit: 'inside', withoutEnlargement: true });
  const thumbnail = format === 'jpeg' ? await resized.jpeg({ quality: 80 }).toBuffer() : await resized.png().toBuffer();
  return { image: data, contentType, thumbnail, thumbnailContentType: format === 'jpeg' ? 'image/jpeg' : 'image/png' };
}

/** Stores both files and their rows (inside the caller's transaction). */
export async function storeRoomImage(store: BlobStore, q: Queryable, prepared: PreparedImage, maxBytes: number): Promise<{ ref: number; tnRef: number }> {
  try {
    const full = await saveBlob(store, q, prepared.image, { contentType: prepared.contentType, maxBytes });
    const thumbnail = await saveBlob(store, q, prepared.thumbnail, { contentType: prepared.thumbnailContentType, maxBytes });
    return { ref: full.id, tnRef: thumbnail.id };
  } catch (error) {
    if (error instanceof BlobTooLargeError) throw new ApiError('TOO_LARGE');
    throw error;
  }
}

/** The image bytes of a save call: the multipart `file` part, or `imgData` as base64. */
export function uploadedImage(files: readonly { fieldName: string; data: Buffer }[], imgData: string | undefined): Buffer {
  const file = files.find((f) => f.fieldName === 'file');
  if (file) return file.data;
  if (imgData) return Buffer.from(imgData, 'base64');
  throw new ApiError('INVALID_INPUT', 'a file part or imgData is required');
}
