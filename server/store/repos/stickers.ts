// Sticker categories and their stickers (images are blob references).
import type { StickerCategoryStatus } from '../../../generated/types/index.ts';
import type { Queryable } from '../db.ts';
import { toId } from './convert.ts';

export type { StickerCategoryStatus };

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
