// The private album as server state: its pages (30 a time, the seed's size), opening or downloading entries
// (one file, or a zip of several), deleting them, and saving message attachments into it. The server says
// when a saved attachment is ready (CUSTOM_NOTIFICATION, kind PRIVATE_ALBUM): the album reloads and the user hears.
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useInfiniteQuery, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { deletePrivateAlbumFiles, downloadPrivateAlbumFiles, receivePrivateAlbum, uploadToPrivateAlbum } from '@generated/api/content';
import { unwrap, type ApiResult } from '@generated/api/runtime';
import { constants } from '@variant/constants';
import { errorMessage, nonEmpty } from '../../../core/index.ts';
import { showToast } from '../../../ui/index.ts';
import { chatServices } from '../../../core/session/services.ts';
import { useNotifications } from '../../../core/session/notifications.ts';
import { albumEntries, albumNotice } from '../model/album.ts';

const ALBUM_KEY = ['content', 'receivePrivateAlbum'] as const;

const PAGE_SIZE = constants.pageSizes.privateAlbum;

export const refreshAlbum = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: ALBUM_KEY });

export function useAlbum() {
  const query = useInfiniteQuery({
    queryKey: [...ALBUM_KEY, { pageSize: PAGE_SIZE }],
    queryFn: async ({ pageParam }) => unwrap('receivePrivateAlbum', await receivePrivateAlbum(chatServices().transport, { pageSize: PAGE_SIZE, currentPage: pageParam })),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.stillHaveData ? pages.length + 1 : undefined),
    staleTime: 0,
  });
  return { query, entries: albumEntries(query.data?.pages ?? []) };
}

/** The outcome of a call whose refusal is shown in the UI's language ('This message is still processing…'). */
export type Outcome<T> = { ok: true; value: T } | { ok: false; message: string | undefined };

/** The album's calls take at least one id: with none chosen nothing is sent, and the outcome is a refusal. */
const NOTHING_CHOSEN: Outcome<never> = { ok: false, message: undefined };

function outcome<T>(result: ApiResult<T>, locale: string): Outcome<T> {
  return result.ok ? { ok: true, value: result.data } : { ok: false, message: errorMessage(result.errMsgList, locale) };
}

/** The files themselves: one entry as its own file, several as the server's zip. */
export async function downloadEntries(fileIds: readonly string[], locale: string): Promise<Outcome<{ blob: Blob; filename: string }>> {
  const ids = nonEmpty(fileIds);
  if (!ids) return NOTHING_CHOSEN;
  return outcome(await downloadPrivateAlbumFiles(chatServices().transport, { fileIds: ids }), locale);
}

/** One entry's content for the preview, kept while the preview is open. */
export function useEntryFile(fileId: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: ['content', 'downloadPrivateAlbumFiles', fileId],
    queryFn: async () => unwrap('downloadPrivateAlbumFiles', await downloadPrivateAlbumFiles(chatServices().transport, { fileIds: [fileId] })),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

export async function deleteEntries(fileIds: readonly string[], locale: string): Promise<Outcome<unknown>> {
  const ids = nonEmpty(fileIds);
  if (!ids) return NOTHING_CHOSEN;
  const { transport, queryClient } = chatServices();
  const result = outcome(await deletePrivateAlbumFiles(transport, { fileIds: ids }), locale);
  if (result.ok) await refreshAlbum(queryClient);
  return result;
}

/** The toasts of one save: 'Saving…' is replaced by 'Saved…' (or the failure) when the server's notice comes. */
const ALBUM_SAVE_TOAST = { topic: 'album-save' } as const;

/** Saves message attachments of a room to the album; the server finishes them in the background. */
export async function saveToAlbum(roomId: string, messageIds: readonly string[], locale: string): Promise<Outcome<unknown>> {
  const ids = nonEmpty(messageIds);
  if (!ids) return NOTHING_CHOSEN;
  const { transport, queryClient } = chatServices();
  const result = outcome(await uploadToPrivateAlbum(transport, { roomId, messageIds: ids }), locale);
  if (result.ok) await refreshAlbum(queryClient);
  return result;
}

/** The chat's "Save to album" on messages: saved as saveToAlbum does, and the user told 'Saving…' or why not. */
export async function saveMessagesToAlbum(roomId: string, messageIds: readonly string[], t: TFunction, locale: string): Promise<void> {
  const saved = await saveToAlbum(roomId, messageIds, locale);
  showToast(saved.ok ? t('album.saving') : (saved.message ?? t('errors.actionFailed')), saved.ok ? 'info' : 'error', ALBUM_SAVE_TOAST);
}

/** Mounted once per signed-in page: a saved attachment that became ready (or failed) reloads the album and says so. */
export function useAlbumNotifications(): void {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  useNotifications((notification) => {
    const notice = albumNotice(notification);
    if (!notice) return;
    void refreshAlbum(queryClient);
    if (notice.status === 'READY') showToast(t('album.saved', { name: notice.filename }), 'success', ALBUM_SAVE_TOAST);
    else showToast(t('album.saveFailed', { name: notice.filename }), 'error', ALBUM_SAVE_TOAST);
  });
}
