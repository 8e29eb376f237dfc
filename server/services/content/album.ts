// The private album calls: upload (save message attachments, PROCESSING until the background step
// makes them READY), receive (pages of thumbnails), download (one file, or a zip of several) and delete.
import { zipSync, type Zippable } from 'fflate';
import { uniqueEntryName } from './zip-entry-name.ts';
import type { ServerContext } from '../../context.ts';
import { ApiError } from '../../http/api-error.ts';
import { fileResult, type AuthenticatedSession, type FileResult } from '../../http/types.ts';
import { requirePolicy } from '../room-access.ts';
import { idOrNull, parseId, parseIds } from '../../http/wire-ids.ts';
import { albumProcessor } from './album-processing.ts';
import { albumStore, type AlbumFile } from '../../store/repos/album.ts';
import { readBlob, readBlobs } from './blob-files.ts';
import { base64 } from './images.ts';

type Ctx = Pick<ServerContext, 'db' | 'repos' | 'blobs' | 'config' | 'notifier' | 'now'>;

/**
 * privatealbum/upload: the caller must be a member whom ALLOW_DOWN_ATTACH lets download attachments;
 * every message must be one the caller can see in that room and carry a file. The entries are written
 * in one transaction (a message already in the album is skipped), then queued for processing.
 */
export async function uploadToAlbum(ctx: Ctx, caller: AuthenticatedSession, body: { roomId: string; messageIds: string[] }): Promise<void> {
  const roomId = parseId(body.roomId, 'roomId');
  const messageIds = parseIds(body.messageIds, 'messageIds');
  await requirePolicy(ctx, roomId, caller, 'ALLOW_DOWN_ATTACH');
  const { messages } = await ctx.repos.messages.batch({
    roomId,
    lastMessageId: null,
    batchSize: messageIds.length,
    upOrDown: 'DOWN',
    viewerId: caller.accountId,
    now: ctx.now(),
    ids: messageIds,
  });
  if (messages.length !== messageIds.length) throw new ApiError('MESSAGE_NOT_FOUND');
  const entries = messages.map(({ message }) => {
    if (message.aesMessageFileRef === null || message.recalledAt !== null) {
      throw new ApiError('MESSAGE_TYPE_UNSUPPORTED', `message ${message.id} has no attachment`);
    }
    return {
      accountId: caller.accountId,
      sourceRoomId: roomId,
      sourceMessageId: message.id,
      blobRef: message.aesMessageFileRef,
      messageKeyUuid: message.messageKeyUuid,
      filename: message.aesMessageFilename ?? `file-${message.id}`,
      fileType: message.aesMessageFileType ?? 'application/octet-stream',
    };
  });
  const added = await ctx.db.transaction((tx) => albumStore(tx).addProcessing(entries, ctx.now()));
  albumProcessor(ctx).enqueue(added.map((f) => f.id));
}

export type WireAlbumThumbnail = {
  fileId: string;
  fileType: string;
  status: 'PROCESSING' | 'READY';
  thumbnail?: string;
  filename: string;
  createDate: number;
  updateDate: number;
};

export async function receiveAlbum(ctx: Ctx, caller: AuthenticatedSession, body: { pageSize: number; currentPage: number }) {
  const { files, stillHaveData } = await albumStore(ctx.db).page(caller.accountId, body.pageSize, body.currentPage);
  const thumbnails = await readBlobs(ctx, files.map((f) => f.thumbnailRef));
  const privateAlbumFiles: WireAlbumThumbnail[] = files.map((f) => {
    const thumbnail = f.thumbnailRef !== null ? thumbnails.get(f.thumbnailRef) : undefined;
    return {
      fileId: String(f.id),
      fileType: f.fileType,
      status: f.status,
      ...(thumbnail ? { thumbnail: base64(thumbnail) } : {}),
      filename: f.filename,
      createDate: f.createdAt.getTime(),
      updateDate: f.updatedAt.getTime(),
    };
  });
  return { privateAlbumFiles, stillHaveData };
}

/** The caller's own entries, all of them, or NOT_FOUND (another person's id counts as unknown). */
async function ownEntries(ctx: Ctx, caller: AuthenticatedSession, fileIds: readonly string[]): Promise<AlbumFile[]> {
  const ids = fileIds.map(idOrNull);
  if (ids.some((id) => id === null)) throw new ApiError('NOT_FOUND', 'private album file');
  const unique = [...new Set(ids as number[])];
  const files = await albumStore(ctx.db).findOwned(caller.accountId, unique);
  if (files.length !== unique.length) throw new ApiError('NOT_FOUND', 'private album file');
  return files;
}

/** One file as itself; several as a zip. Anything still PROCESSING refuses the whole call. */
export async function downloadAlbumFiles(ctx: Ctx, caller: AuthenticatedSession, fileIds: readonly string[]): Promise<FileResult> {
  const files = await ownEntries(ctx, caller, fileIds);
  if (files.some((f) => f.status !== 'READY')) throw new ApiError('MESSAGE_PROCESSING');
  const contents: { file: AlbumFile; bytes: Buffer }[] = [];
  for (const file of files) {
    const bytes = await readBlob(ctx, file.blobRef);
    if (!bytes) throw new ApiError('DOWNLOAD_FAILED');
    contents.push({ file, bytes });
  }
  const [only] = contents;
  if (contents.length === 1 && only) return fileResult(only.file.filename, only.file.fileType, only.bytes);
  const taken = new Set<string>();
  const zip: Zippable = {};
  for (const { file, bytes } of contents) zip[uniqueEntryName(file.filename, taken)] = new Uint8Array(bytes);
  return fileResult('private-album.zip', 'application/zip', zipSync(zip));
}

/** Deletes the caller's entries in one transaction; an id that is not the caller's deletes nothing. */
export async function deleteAlbumFiles(ctx: Ctx, caller: AuthenticatedSession, fileIds: readonly string[]): Promise<void> {
  const files = await ownEntries(ctx, caller, fileIds);
  await ctx.db.transaction(async (tx) => {
    const deleted = await albumStore(tx).delete(
      caller.accountId,
      files.map((f) => f.id),
    );
    if (deleted.length !== files.length) throw new ApiError('NOT_FOUND', 'private album file');
  });
}
