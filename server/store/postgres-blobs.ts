/**
 * Blob bytes in PostgreSQL (`blob_contents`), for servers on DATABASE_URL: every process of a cluster
 * reads every file, with no shared volume. The bytes are collected and size-checked in memory (an
 * attachment is at most ATTACH_SIZE_BYTES) and written before the `blobs` row that names them.
 */
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { Queryable } from './db.ts';
import { BlobTooLargeError, blobPath, chunks, type BlobSource, type BlobStore, type StoredFile } from './blobs.ts';

const SHA256 = /^[0-9a-f]{64}$/;

export class PostgresBlobStore implements BlobStore {
  constructor(private readonly q: Queryable) {}

  async write(source: BlobSource, maxBytes: number): Promise<StoredFile> {
    const parts: Uint8Array[] = [];
    const hash = createHash('sha256');
    let size = 0;
    for await (const chunk of chunks(source)) {
      size += chunk.length;
      if (size > maxBytes) throw new BlobTooLargeError(maxBytes);
      hash.update(chunk);
      parts.push(chunk);
    }
    const sha256 = hash.digest('hex');
    await this.q.query('INSERT INTO blob_contents (sha256, bytes) VALUES ($1, $2) ON CONFLICT (sha256) DO NOTHING', [
      sha256,
      Buffer.concat(parts, size),
    ]);
    return { sha256, size, path: blobPath(sha256) };
  }

  async read(relative: string): Promise<Buffer> {
    const sha256 = path.basename(relative);
    if (!SHA256.test(sha256)) throw new Error(`not a blob path: ${relative}`);
    const { rows } = await this.q.query<{ bytes: Uint8Array }>('SELECT bytes FROM blob_contents WHERE sha256 = $1', [sha256]);
    const row = rows[0];
    if (!row) throw Object.assign(new Error(`no blob ${sha256}`), { code: 'ENOENT' });
    return Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength);
  }
}
