// Reading and writing the content calls' files through the blob store (files before rows).
import type { ServerContext } from '../../context.ts';
import { ApiError } from '../../http/api-error.ts';
import { BlobTooLargeError, type StoredFile } from '../../store/blobs.ts';
import type { Queryable } from '../../store/db.ts';
import { blobsRepo, type BlobRecord } from '../../store/repos/blobs.ts';

type Ctx = Pick<ServerContext, 'blobs' | 'config'>;

/** Writes the bytes durably (before any transaction); TOO_LARGE past the attachment limit. */
export async function writeFile(ctx: Ctx, bytes: Uint8Array): Promise<StoredFile> {
  try {
    return await ctx.blobs.write(bytes, ctx.config.attachSizeBytes);
  } catch (error) {
    if (error instanceof BlobTooLargeError) throw new ApiError('TOO_LARGE');
    throw error;
  }
}

/** The row of a file written by writeFile, inside the caller's transaction. */
export const recordFile = (q: Queryable, file: StoredFile, contentType: string): Promise<BlobRecord> =>
  blobsRepo(q).insert({ ...file, contentType });

/** The bytes of a stored blob, or null when the row is gone. */
export async function readBlob(ctx: Pick<ServerContext, 'blobs' | 'repos'>, blobId: number): Promise<Buffer | null> {
  const blob = await ctx.repos.blobs.findById(blobId);
  return blob ? ctx.blobs.read(blob.path) : null;
}

/** Several blobs at once, by id (missing ones are left out). */
export async function readBlobs(ctx: Pick<ServerContext, 'blobs' | 'repos'>, ids: readonly (number | null)[]): Promise<Map<number, Buffer>> {
  const out = new Map<number, Buffer>();
  for (const id of new Set(ids)) {
    if (id === null) continue;
    const bytes = await readBlob(ctx, id);
    if (bytes) out.set(id, bytes);
  }
  return out;
}
