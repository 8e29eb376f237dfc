// The private album's pure rules: which entries can be opened yet, how each previews, the pages joined into one
// list, and what a CUSTOM_NOTIFICATION about the album says.
import type { PrivateAlbumThumbnail } from '@generated/types/index';
import type { AnyNotification } from '@generated/realtime/index';
import { IS_ALLOW_FILE_PREVIEW } from '@variant/flags';

export type PreviewKind = 'image' | 'video' | 'pdf';

// The seed's upload image types and its preview types (mp4, webm and ogg video, pdf).
const IMAGE_TYPES = new Set(['image/gif', 'image/jpeg', 'image/jpg', 'image/png']);
const VIDEO_TYPES = new Set(['video/mp4', 'video/webm', 'video/ogg']);
const BY_EXTENSION: Record<string, PreviewKind> = { gif: 'image', jpeg: 'image', jpg: 'image', png: 'image', mp4: 'video', webm: 'video', ogg: 'video', pdf: 'pdf' };

/**
 * How an entry shows inside the web client; null: it is only downloaded. Video and PDF preview only where the
 * variant allows file preview (IS_ALLOW_FILE_PREVIEW); pictures always show.
 */
export function previewKind(entry: Pick<PrivateAlbumThumbnail, 'fileType' | 'filename'>, filePreview: boolean = IS_ALLOW_FILE_PREVIEW): PreviewKind | null {
  const kind = kindOf(entry);
  return kind === 'image' || filePreview ? kind : null;
}

function kindOf(entry: Pick<PrivateAlbumThumbnail, 'fileType' | 'filename'>): PreviewKind | null {
  const type = (entry.fileType ?? '').toLowerCase();
  if (IMAGE_TYPES.has(type)) return 'image';
  if (VIDEO_TYPES.has(type)) return 'video';
  if (type === 'application/pdf') return 'pdf';
  // A type the sender's browser left generic: the name's extension decides.
  if (type === '' || type === 'application/octet-stream') {
    const extension = /\.([a-z0-9]+)$/i.exec(entry.filename ?? '')?.[1]?.toLowerCase();
    return extension ? (BY_EXTENSION[extension] ?? null) : null;
  }
  return null;
}

/** Still being saved by the server: it cannot be opened, downloaded or deleted yet. */
export const isProcessing = (entry: Pick<PrivateAlbumThumbnail, 'status'>): boolean => entry.status === 'PROCESSING';

/**
 * The loaded pages as one list, newest first. Pages are numbered, so an entry saved while paging pushes the
 * next page's first entry down to one already shown: each entry is kept once.
 */
export function albumEntries(pages: readonly { privateAlbumFiles: readonly PrivateAlbumThumbnail[] }[]): PrivateAlbumThumbnail[] {
  const seen = new Set<string>();
  const entries: PrivateAlbumThumbnail[] = [];
  for (const page of pages) {
    for (const entry of page.privateAlbumFiles) {
      if (seen.has(entry.fileId)) continue;
      seen.add(entry.fileId);
      entries.push(entry);
    }
  }
  return entries;
}

export interface AlbumNotice {
  fileId: string;
  status: 'READY' | 'FAILED';
  filename: string;
  messageId?: string;
}

/** The album's part of a realtime notification: CUSTOM_NOTIFICATION whose data has kind PRIVATE_ALBUM. */
export function albumNotice(notification: Pick<AnyNotification, 'notifyType'> & { dataId?: string; data?: unknown }): AlbumNotice | null {
  if (notification.notifyType !== 'CUSTOM_NOTIFICATION') return null;
  const data = notification.data;
  if (typeof data !== 'object' || data === null) return null;
  const fields = data as Record<string, unknown>;
  if (fields.kind !== 'PRIVATE_ALBUM' || (fields.status !== 'READY' && fields.status !== 'FAILED')) return null;
  const fileId = typeof fields.fileId === 'string' ? fields.fileId : (notification.dataId ?? '');
  if (fileId === '') return null;
  return {
    fileId,
    status: fields.status,
    filename: typeof fields.filename === 'string' ? fields.filename : '',
    ...(typeof fields.messageId === 'string' ? { messageId: fields.messageId } : {}),
  };
}

/** The selection with the entry switched in or out. */
export function toggled(selection: ReadonlySet<string>, fileId: string): Set<string> {
  const next = new Set(selection);
  if (next.has(fileId)) next.delete(fileId);
  else next.add(fileId);
  return next;
}
