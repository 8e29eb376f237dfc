// Sticker categories and their stickers. Clients see ACTIVE categories only; INACTIVE and DELETED
// categories stay in the table. Images are blobs; the wire carries them as a data: URL (imageFile,
// trayImageFile: there is no separate download call) and the thumbnails as base64.
import type { ServerContext } from '../../context.ts';
import { ApiError } from '../../http/api-error.ts';
import type { Queryable } from '../../store/db.ts';
import { toId } from '../../store/repos/convert.ts';
import { idOrNull } from '../../http/wire-ids.ts';
import { readBlobs } from './blob-files.ts';
import { base64, dataUrl } from './images.ts';
import type { StickerCategoryStatus } from '../../../generated/types/index.ts';

export type { StickerCategoryStatus };

type Ctx = Pick<ServerContext, 'db' | 'repos' | 'blobs'>;

export function stickerStore(q: Queryable) {
  return {
    async categories(status: StickerCategoryStatus) {
      const { rows } = await q.query<{ id: unknown; name: string; tray_image_ref: unknown; tray_tn_ref: unknown; status: StickerCategoryStatus }>(
        'SELECT id, name, tray_image_ref, tray_tn_ref, status FROM sticker_categories WHERE status = $1 ORDER BY seq, id',
        [status],
      );
      return rows.map((r) => ({ id: toId(r.id), name: r.name, trayImageRef: toId(r.tray_image_ref), trayTnRef: toId(r.tray_tn_ref), status: r.status }));
    },

    async categoryStatus(id: number): Promise<StickerCategoryStatus | null> {
      const { rows } = await q.query<{ status: StickerCategoryStatus }>('SELECT status FROM sticker_categories WHERE id = $1', [id]);
      return rows[0]?.status ?? null;
    },

    async stickers(categoryId: number) {
      const { rows } = await q.query<{ id: unknown; image_ref: unknown; tn_ref: unknown; emojis: string }>(
        'SELECT id, image_ref, tn_ref, emojis FROM stickers WHERE category_id = $1 ORDER BY seq, id',
        [categoryId],
      );
      return rows.map((r) => ({ id: toId(r.id), imageRef: toId(r.image_ref), tnRef: toId(r.tn_ref), emojis: r.emojis }));
    },

    async createCategory(input: { name: string; trayImageRef: number; trayTnRef: number; status: StickerCategoryStatus; seq: number }): Promise<number> {
      const { rows } = await q.query<{ id: unknown }>(
        `INSERT INTO sticker_categories (name, tray_image_ref, tray_tn_ref, status, seq) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [input.name, input.trayImageRef, input.trayTnRef, input.status, input.seq],
      );
      return toId(rows[0]?.id);
    },

    async createSticker(input: { categoryId: number; imageRef: number; tnRef: number; emojis: string; seq: number }): Promise<number> {
      const { rows } = await q.query<{ id: unknown }>(
        `INSERT INTO stickers (category_id, image_ref, tn_ref, emojis, seq) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [input.categoryId, input.imageRef, input.tnRef, input.emojis, input.seq],
      );
      return toId(rows[0]?.id);
    },
  };
}

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
