// The news calls: list, detail (marks read, NEWS_READ), file download, unread count, and publishing by
// an ADMIN (NEWS_UPDATE to every account of the publisher's tenant).
import type { ServerContext } from '../../context.ts';
import { decodeBase64Strict } from '../../crypto/aes.ts';
import { ApiError } from '../../http/api-error.ts';
import type { StoredFile } from '../../store/blobs.ts';
import { fileResult, type AuthenticatedSession, type FileResult, type UploadedFile } from '../../http/types.ts';
import { tenantOf } from '../directory/index.ts';
import { idOrNull } from '../../http/wire-ids.ts';
import { readBlob, readBlobs, recordFile, writeFile } from './blob-files.ts';
import { base64, imageType, thumbnailOf } from './images.ts';
import { newsStore, type NewsItem, type Reader } from '../../store/repos/news.ts';

type Ctx = Pick<ServerContext, 'db' | 'repos' | 'blobs' | 'config' | 'notifier' | 'now'>;

// Type aliases (not interfaces) so they fit the generated response types' index signatures.
export type WireNewsListItem = {
  newsId: string;
  title: string;
  banner?: string;
  seq: number;
  newsFilesCount: number;
  isRead: boolean;
  startDate: number;
};

export type WireNewsDetail = {
  newsId: string;
  title: string;
  banner?: string;
  content: string;
  seq: number;
  isRead: boolean;
  startDate: number;
  newsFiles: { newsFileId: string; fileThumbnail?: string; filename: string }[];
  isShowNewsTitleInContent: boolean;
};

async function readerOf(ctx: Ctx, caller: AuthenticatedSession): Promise<Reader> {
  return { accountId: caller.accountId, tenantId: await tenantOf(ctx, caller.accountId), now: ctx.now() };
}

function listItem(item: NewsItem, banners: Map<number, Buffer>, withBanner = true): WireNewsListItem {
  const banner = withBanner && item.bannerRef !== null ? banners.get(item.bannerRef) : undefined;
  return {
    newsId: String(item.id),
    title: item.title,
    ...(banner ? { banner: base64(banner) } : {}),
    seq: item.seq,
    newsFilesCount: item.filesCount,
    isRead: item.isRead,
    startDate: item.startDate.getTime(),
  };
}

async function detailOf(ctx: Ctx, item: NewsItem): Promise<WireNewsDetail> {
  const files = await newsStore(ctx.db).files(item.id);
  const blobs = await readBlobs(ctx, [item.bannerRef, ...files.map((f) => f.thumbnailRef)]);
  const banner = item.bannerRef !== null ? blobs.get(item.bannerRef) : undefined;
  return {
    newsId: String(item.id),
    title: item.title,
    ...(banner ? { banner: base64(banner) } : {}),
    content: item.content,
    seq: item.seq,
    isRead: item.isRead,
    startDate: item.startDate.getTime(),
    newsFiles: files.map((f) => {
      const thumbnail = f.thumbnailRef !== null ? blobs.get(f.thumbnailRef) : undefined;
      return { newsFileId: String(f.id), ...(thumbnail ? { fileThumbnail: base64(thumbnail) } : {}), filename: f.filename };
    }),
    isShowNewsTitleInContent: item.isShowNewsTitleInContent,
  };
}

export async function listNews(ctx: Ctx, caller: AuthenticatedSession): Promise<WireNewsListItem[]> {
  const items = await newsStore(ctx.db).listVisible(await readerOf(ctx, caller));
  const banners = await readBlobs(ctx, items.map((i) => i.bannerRef));
  return items.map((item) => listItem(item, banners));
}

/** The item, marked read for the caller; NEWS_READ to the caller's sessions when it was unread. */
export async function newsDetail(ctx: Ctx, caller: AuthenticatedSession, newsIdText: string): Promise<WireNewsDetail> {
  const newsId = idOrNull(newsIdText);
  const reader = await readerOf(ctx, caller);
  const outcome = await ctx.db.transaction(async (tx) => {
    const store = newsStore(tx);
    const item = newsId === null ? null : await store.findVisible(reader, newsId);
    if (!item) throw new ApiError('NOT_FOUND', 'news');
    const changed = await store.markRead(item.id, caller.accountId, reader.now);
    return { item: { ...item, isRead: true }, changed, unread: changed ? await store.unreadCount(reader) : 0 };
  });
  if (outcome.changed) {
    await ctx.notifier.toAccounts([caller.accountId], {
      notifyType: 'NEWS_READ',
      senderId: String(caller.accountId),
      dataId: String(outcome.item.id),
      data: { newsId: String(outcome.item.id), unreadNewsCount: outcome.unread },
    });
  }
  return detailOf(ctx, outcome.item);
}

export async function downloadNewsFile(ctx: Ctx, caller: AuthenticatedSession, fileIdText: string): Promise<FileResult> {
  const fileId = idOrNull(fileIdText);
  const file = fileId === null ? null : await newsStore(ctx.db).findVisibleFile(await readerOf(ctx, caller), fileId);
  if (!file) throw new ApiError('NOT_FOUND', 'news file');
  const bytes = await readBlob(ctx, file.blobId);
  if (!bytes) throw new ApiError('DOWNLOAD_FAILED');
  return fileResult(file.filename, file.contentType, bytes);
}

export async function unreadNewsCount(ctx: Ctx, caller: AuthenticatedSession) {
  const unreadNewsCount = await newsStore(ctx.db).unreadCount(await readerOf(ctx, caller));
  const { messages } = await ctx.repos.receipts.totalUnread(caller.accountId);
  return { unreadNewsCount, noOfUnreadMessage: messages };
}

export interface PublishInput {
  title: string;
  content: string;
  banner?: string;
  startDate?: number;
  seq?: number;
  isShowNewsTitleInContent?: boolean;
}

const MIME_BY_EXT: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  txt: 'text/plain',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The part's own type, or one guessed from the file name when the part says nothing useful. */
export function contentTypeOf(file: Pick<UploadedFile, 'filename' | 'contentType'>): string {
  if (file.contentType && file.contentType !== 'application/octet-stream') return file.contentType;
  const ext = /\.([a-z0-9]+)$/i.exec(file.filename)?.[1]?.toLowerCase() ?? '';
  return MIME_BY_EXT[ext] ?? 'application/octet-stream';
}

/**
 * news/publishnews: ADMIN only. The banner travels as base64 in the payload and must be an image; the
 * files are the call's `file` parts. Files are written before the rows; the rows go in one
 * transaction; NEWS_UPDATE follows to the tenant's accounts once the item has started.
 */
export async function publishNews(
  ctx: Ctx,
  caller: AuthenticatedSession,
  body: PublishInput,
  uploads: readonly UploadedFile[],
): Promise<WireNewsDetail> {
  if (!caller.roles.includes('ADMIN')) throw new ApiError('FORBIDDEN', 'only an ADMIN publishes news');
  const tenantId = await tenantOf(ctx, caller.accountId);
  const now = ctx.now();
  const startDate = new Date(body.startDate ?? now.getTime());
  const started = startDate.getTime() <= now.getTime();

  let banner = null;
  if (body.banner !== undefined) {
    const bytes = decodeBase64Strict(body.banner);
    if (!bytes || bytes.length === 0) throw new ApiError('INVALID_INPUT', 'banner is not base64');
    const type = await imageType(bytes);
    if (!type) throw new ApiError('FILE_TYPE_UNSUPPORTED', 'the banner must be an image');
    banner = { stored: await writeFile(ctx, bytes), type };
  }
  const files: { filename: string; contentType: string; stored: StoredFile; thumbnail: StoredFile | null }[] = [];
  for (const upload of uploads.filter((u) => u.fieldName === 'file')) {
    const contentType = contentTypeOf(upload);
    const thumbnail = contentType.startsWith('image/') ? await thumbnailOf(upload.data) : null;
    files.push({
      filename: upload.filename || 'file',
      contentType,
      stored: await writeFile(ctx, upload.data),
      thumbnail: thumbnail ? await writeFile(ctx, thumbnail) : null,
    });
  }

  const newsId = await ctx.db.transaction(async (tx) => {
    const store = newsStore(tx);
    const bannerRow = banner ? await recordFile(tx, banner.stored, banner.type) : null;
    const id = await store.insert({
      tenantId,
      title: body.title,
      content: body.content,
      bannerRef: bannerRow?.id ?? null,
      seq: body.seq ?? 0,
      startDate,
      isShowNewsTitleInContent: body.isShowNewsTitleInContent ?? true,
      createdBy: caller.accountId,
      announcedAt: started ? now : null,
    });
    for (const [seq, file] of files.entries()) {
      const blob = await recordFile(tx, file.stored, file.contentType);
      const thumb = file.thumbnail ? await recordFile(tx, file.thumbnail, 'image/png') : null;
      await store.insertFile({ newsId: id, blobId: blob.id, filename: file.filename, contentType: file.contentType, thumbnailRef: thumb?.id ?? null, seq });
    }
    return id;
  });

  const item = await newsStore(ctx.db).findById(newsId, caller.accountId);
  if (!item) throw new ApiError('INTERNAL_ERROR', 'news vanished');
  // A future-dated item is announced by the scheduler when it starts (announceDueNews).
  if (started) await announceNews(ctx, item, tenantId, caller.accountId);
  return detailOf(ctx, item);
}

/** NEWS_UPDATE to every account of the item's tenant. */
async function announceNews(ctx: Ctx, item: NewsItem, tenantId: number | null, senderId: number | null): Promise<void> {
  const audience = await newsStore(ctx.db).audience(tenantId);
  await ctx.notifier.toAccounts(audience, {
    notifyType: 'NEWS_UPDATE',
    senderId: senderId === null ? 'SYSTEM' : String(senderId),
    dataId: String(item.id),
    // Without the banner (it can be large); clients reload the list.
    data: listItem({ ...item, isRead: false }, new Map(), false),
  });
}

/** Scheduled work (housekeeping): announce the items whose start date has come, each once across processes. */
export async function announceDueNews(ctx: Ctx): Promise<number> {
  const due = await newsStore(ctx.db).claimDueAnnouncements(ctx.now());
  for (const entry of due) {
    const item = await newsStore(ctx.db).findById(entry.id, entry.createdBy ?? 0);
    if (item) await announceNews(ctx, item, entry.tenantId, entry.createdBy);
  }
  return due.length;
}
