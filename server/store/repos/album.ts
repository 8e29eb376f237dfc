// The private album table: files people saved from messages, PROCESSING until decrypted, then READY.
import type { Queryable, Row } from '../db.ts';
import { idArray, textOrNull, toDate, toId, toIdOrNull } from './convert.ts';

export type AlbumStatus = 'PROCESSING' | 'READY';

export interface AlbumFile {
  id: number;
  accountId: number;
  sourceRoomId: number;
  sourceMessageId: number;
  status: AlbumStatus;
  blobRef: number;
  messageKeyUuid: string | null;
  filename: string;
  fileType: string;
  thumbnailRef: number | null;
  createdAt: Date;
  updatedAt: Date;
}

export type NewAlbumFile = Pick<AlbumFile, 'accountId' | 'sourceRoomId' | 'sourceMessageId' | 'blobRef' | 'messageKeyUuid' | 'filename' | 'fileType'>;

const toAlbumFile = (r: Row): AlbumFile => ({
  id: toId(r.id),
  accountId: toId(r.account_id),
  sourceRoomId: toId(r.source_room_id),
  sourceMessageId: toId(r.source_message_id),
  status: String(r.status) as AlbumStatus,
  blobRef: toId(r.blob_ref),
  messageKeyUuid: textOrNull(r.message_key_uuid),
  filename: String(r.filename),
  fileType: String(r.file_type),
  thumbnailRef: toIdOrNull(r.thumbnail_ref),
  createdAt: toDate(r.created_at),
  updatedAt: toDate(r.updated_at),
});

export function albumStore(q: Queryable) {
  return {
    /** New PROCESSING entries; a message already in the person's album is skipped. Returns the new rows. */
    async addProcessing(files: readonly NewAlbumFile[], at: Date): Promise<AlbumFile[]> {
      const added: AlbumFile[] = [];
      for (const f of files) {
        const { rows } = await q.query(
          `INSERT INTO private_album_files
             (account_id, source_room_id, source_message_id, status, blob_ref, message_key_uuid, filename, file_type, created_at, updated_at)
           VALUES ($1, $2, $3, 'PROCESSING', $4, $5, $6, $7, $8, $8)
           ON CONFLICT (account_id, source_message_id) DO NOTHING RETURNING *`,
          [f.accountId, f.sourceRoomId, f.sourceMessageId, f.blobRef, f.messageKeyUuid, f.filename, f.fileType, at],
        );
        if (rows[0]) added.push(toAlbumFile(rows[0]));
      }
      return added;
    },

    /** Newest first; one row more than asked tells whether another page exists. */
    async page(accountId: number, pageSize: number, pageNo: number): Promise<{ files: AlbumFile[]; stillHaveData: boolean }> {
      const { rows } = await q.query(
        `SELECT * FROM private_album_files WHERE account_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
        [accountId, pageSize + 1, (pageNo - 1) * pageSize],
      );
      return { files: rows.slice(0, pageSize).map(toAlbumFile), stillHaveData: rows.length > pageSize };
    },

    async findOwned(accountId: number, ids: readonly number[]): Promise<AlbumFile[]> {
      const { rows } = await q.query(
        'SELECT * FROM private_album_files WHERE account_id = $1 AND id = ANY($2::bigint[]) ORDER BY id',
        [accountId, idArray(ids)],
      );
      return rows.map(toAlbumFile);
    },

    async findById(id: number): Promise<AlbumFile | null> {
      const { rows } = await q.query('SELECT * FROM private_album_files WHERE id = $1', [id]);
      return rows[0] ? toAlbumFile(rows[0]) : null;
    },

    async processingIds(): Promise<number[]> {
      const { rows } = await q.query<{ id: unknown }>(`SELECT id FROM private_album_files WHERE status = 'PROCESSING' ORDER BY id`);
      return rows.map((r) => toId(r.id));
    },

    /** PROCESSING → READY with the decrypted file; false when the entry is gone or no longer processing. */
    async markReady(id: number, ready: { blobRef: number; thumbnailRef: number | null; fileType: string }, at: Date): Promise<boolean> {
      const { rowCount } = await q.query(
        `UPDATE private_album_files SET status = 'READY', blob_ref = $2, thumbnail_ref = $3, file_type = $4, updated_at = $5
          WHERE id = $1 AND status = 'PROCESSING'`,
        [id, ready.blobRef, ready.thumbnailRef, ready.fileType, at],
      );
      return rowCount > 0;
    },

    async delete(accountId: number, ids: readonly number[]): Promise<number[]> {
      const { rows } = await q.query<{ id: unknown }>(
        'DELETE FROM private_album_files WHERE account_id = $1 AND id = ANY($2::bigint[]) RETURNING id',
        [accountId, idArray(ids)],
      );
      return rows.map((r) => toId(r.id));
    },
  };
}
