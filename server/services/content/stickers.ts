// Sticker categories and their stickers. Clients see ACTIVE categories only; INACTIVE and DELETED
// categories stay in the table. Images are blobs; the wire carries them as a data: URL (imageFile,
// trayImageFile: there is no separate download call) and the thumbnails as base64.
import type { ServerContext } from '../../context.ts';
import { ApiError } from '../../http/api-error.ts';
import { stickerStore } from '../../store/repos/stickers.ts';
import { idOrNull } from '../../http/wire-ids.ts';
import { readBlobs } from './blob-files.ts';
import { base64, dataUrl } from './images.ts';
type Ctx = Pick<ServerContext, 'db' | 'repos' | 'blobs'>;

export async function activeStickerCategories(ctx: Ctx) {
  const categories = await stickerStore(ctx.db).categories('ACTIVE');
  const images = await readBlobs(ctx, categories.flatMap((c) => [c.trayImageRef, c.trayTnRef]));
  return categories.map((c) => {
    const tray = images.get(c.trayImageRef);
    const tn = images.get(c.trayTnRef);
    return {
      stickerCategoryId: String(c.id),
      name: c.name,
      ...(tray ? { trayImageFile: dataUrl('image/png', tray) } : {}),
      ...(tn ? { trayImageFileTnBase64: base64(tn) } : {}),
      stickerCategoryStatus: c.status,
    };
  });
}

/** The stickers of an ACTIVE category; any other (or unknown) category is NOT_FOUND. */
export async function stickersOf(ctx: Ctx, categoryIdText: string) {
  const categoryId = idOrNull(categoryIdText);
  const store = stickerStore(ctx.db);
  if (categoryId === null || (await store.categoryStatus(categoryId)) !== 'ACTIVE') throw new ApiError('NOT_FOUND', 'sticker category');
  const stickers = await store.stickers(categoryId);
  const images = await readBlobs(ctx, stickers.flatMap((s) => [s.imageRef, s.tnRef]));
  return stickers.map((s) => {
    const image = images.get(s.imageRef);
    const tn = images.get(s.tnRef);
    return {
      stickerCategoryId: String(categoryId),
      stickerId: String(s.id),
      ...(image ? { imageFile: dataUrl('image/png', image) } : {}),
      emojis: s.emojis,
      ...(tn ? { imageFileTnBase64: base64(tn) } : {}),
    };
  });
}
