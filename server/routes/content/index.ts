// Handlers of the content calls (schema/endpoints/content.json): news, stickers, private album. The
// logic lives in server/services/content.
import type { ServerContext } from '../../context.ts';
import type { HandlerMap } from '../../http/handler-types.ts';
import { deleteAlbumFiles, downloadAlbumFiles, receiveAlbum, uploadToAlbum } from '../../services/content/album.ts';
import { albumProcessor } from '../../services/content/album-processing.ts';
import { downloadNewsFile, listNews, newsDetail, publishNews, unreadNewsCount } from '../../services/content/news.ts';
import { activeStickerCategories, stickersOf } from '../../services/content/stickers.ts';

export function contentHandlers(ctx: ServerContext) {
  // Album entries a previous run left PROCESSING are finished now (a failure here is retried at the next start).
  void albumProcessor(ctx)
    .recover()
    .catch(() => undefined);

  return {
    async getNews({ session }) {
      return { newsList: await listNews(ctx, session) };
    },
    getNewsDetail: ({ body, session }) => newsDetail(ctx, session, body.newsId),
    downloadNewsFile: ({ body, session }) => downloadNewsFile(ctx, session, body.newsFileId),
    getUnreadNewsCount: ({ session }) => unreadNewsCount(ctx, session),
    publishNews: ({ body, session, files }) => publishNews(ctx, session, body, files),

    async getStickerCategories() {
      return { stickerCategories: await activeStickerCategories(ctx) };
    },
    async getStickers({ body }) {
      return { stickers: await stickersOf(ctx, body.stickerCategoryId) };
    },

    async uploadToPrivateAlbum({ body, session }) {
      await uploadToAlbum(ctx, session, body);
      return {};
    },
    receivePrivateAlbum: ({ body, session }) => receiveAlbum(ctx, session, body),
    downloadPrivateAlbumFiles: ({ body, session }) => downloadAlbumFiles(ctx, session, body.fileIds),
    async deletePrivateAlbumFiles({ body, session }) {
      await deleteAlbumFiles(ctx, session, body.fileIds);
      return {};
    },
  } satisfies HandlerMap;
}
