/**
 * Content-addressed blob storage behind one interface, written before the database row that names it,
 * so a committed row never points at missing or partial bytes:
 * - FileBlobStore (embedded engine): DATA_DIR/blobs/<aa>/<bb>/<sha256>. A file is written to blobs/tmp,
 *   fsynced, renamed into place and its folder fsynced. (A crash between the rename and the commit
 *   leaves an unreferenced file, which is harmless.)
 * - PostgresBlobStore (DATABASE_URL): the bytes in the `blob_contents` table, so every server process
 *   sees every file (postgres-blobs.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import type { Queryable } from './db.ts';
import { blobsRepo, type BlobRecord } from './repos/blobs.ts';

export class BlobTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`the file is larger than ${maxBytes} bytes`);
    this.name = 'BlobTooLargeError';
  }
}

export interface StoredFile {
  sha256: string;
  size: number;
  /** relative to the blob root */
  path: string;
}

export type BlobSource = Uint8Array | AsyncIterable<Uint8Array>;

export const BLOBS_FOLDER = 'blobs';

export interface BlobStore {
  /** Stores the bytes durably; refuses (and leaves nothing behind) past `maxBytes`. */
  write(source: BlobSource, maxBytes: number): Promise<StoredFile>;
  /** The bytes of a stored file, by the path `write` returned. */
  read(relative: string): Promise<Buffer>;
}

/** Where content-addressed bytes go: `<aa>/<bb>/<sha256>`. */
export function blobPath(sha256: string): string {
  return path.join(sha256.slice(0, 2), sha256.slice(2, 4), sha256);
}

export class FileBlobStore implements BlobStore {
  readonly root: string;

  constructor(dataDir: string) {
    this.root = path.join(dataDir, BLOBS_FOLDER);
  }

  /** Writes the bytes durably; refuses (and leaves nothing behind) past `maxBytes`. */
  async write(source: BlobSource, maxBytes: number): Promise<StoredFile> {
    const tmpDir = path.join(this.root, 'tmp');
    await fs.promises.mkdir(tmpDir, { recursive: true });
    const tmp = path.join(tmpDir, `${randomUUID()}.part`);
    const hash = createHash('sha256');
    let size = 0;
    const file = await fs.promises.open(tmp, 'wx');
    try {
      for await (const chunk of chunks(source)) {
        size += chunk.length;
        if (size > maxBytes) throw new BlobTooLargeError(maxBytes);
        hash.update(chunk);
        await file.write(chunk);
      }
      await file.sync();
    } catch (error) {
      await file.close();
      await fs.promises.rm(tmp, { force: true });
      throw error;
    }
    await file.close();

    const sha256 = hash.digest('hex');
    const relative = blobPath(sha256);
    const target = path.join(this.root, relative);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    if (fs.existsSync(target)) {
      // Same bytes already stored (content addressing): keep the existing file.
      await fs.promises.rm(tmp, { force: true });
    } else {
      await fs.promises.rename(tmp, target);
      await syncDirectory(path.dirname(target));
    }
    return { sha256, size, path: relative };
  }

  absolutePath(relative: string): string {
    const resolved = path.resolve(this.root, relative);
    // Paths come from our own rows, but never let one escape the blob root.
    if (!resolved.startsWith(this.root + path.sep)) throw new Error(`blob path outside the store: ${relative}`);
    return resolved;
  }

  read(relative: string): Promise<Buffer> {
    return fs.promises.readFile(this.absolutePath(relative));
  }

  openReadStream(relative: string): fs.ReadStream {
    return fs.createReadStream(this.absolutePath(relative));
  }
}

/** Stores the file, then its row (inside the caller's transaction when `q` is one). */
export async function saveBlob(
  store: BlobStore,
  q: Queryable,
  source: BlobSource,
  options: { contentType: string; maxBytes: number },
): Promise<BlobRecord> {
  const file = await store.write(source, options.maxBytes);
  return blobsRepo(q).insert({ ...file, contentType: options.contentType });
}

export async function* chunks(source: BlobSource): AsyncIterable<Uint8Array> {
  if (source instanceof Uint8Array) {
    yield source;
    return;
  }
  yield* source;
}

async function syncDirectory(dir: string): Promise<void> {
  const handle = await fs.promises.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
