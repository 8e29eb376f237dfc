// Rows of stored files (attachments, thumbnails, profile pictures, export files). The bytes live in
// the blob store (../blobs.ts); a row is written only after its file is safely on disk.
import type { Queryable, Row } from '../db.ts';
import { onlyRow, toDate, toId } from './convert.ts';

export interface BlobRecord {
  id: number;
  sha256: string;
  size: number;
  contentType: string;
  /** relative to DATA_DIR/blobs */
  path: string;
  createdAt: Date;
}

export interface NewBlobRecord {
  sha256: string;
  size: number;
  contentType: string;
  path: string;
}

function toBlob(r: Row): BlobRecord {
  return {
    id: toId(r.id),
    sha256: String(r.sha256),
    size: toId(r.size),
    contentType: String(r.content_type),
    path: String(r.path),
    createdAt: toDate(r.created_at),
  };
}

export function blobsRepo(q: Queryable) {
  return {
    /** Same content, same row: a second upload of identical bytes returns the existing record. */
    async insert(input: NewBlobRecord): Promise<BlobRecord> {
      const { rows } = await q.query(
        `INSERT INTO blobs (sha256, size, content_type, path) VALUES ($1, $2, $3, $4)
         ON CONFLICT (sha256) DO UPDATE SET sha256 = EXCLUDED.sha256
         RETURNING *`,
        [input.sha256, input.size, input.contentType, input.path],
      );
      return toBlob(onlyRow(rows));
    },

    async findById(id: number): Promise<BlobRecord | null> {
      const { rows } = await q.query('SELECT * FROM blobs WHERE id = $1', [id]);
      return rows[0] ? toBlob(rows[0]) : null;
    },

    async findBySha256(sha256: string): Promise<BlobRecord | null> {
      const { rows } = await q.query('SELECT * FROM blobs WHERE sha256 = $1', [sha256]);
      return rows[0] ? toBlob(rows[0]) : null;
    },
  };
}

export type BlobsRepo = ReturnType<typeof blobsRepo>;
