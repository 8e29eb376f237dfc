// Stickers over the wire, on the content seed: only ACTIVE categories reach clients, stickers are real
// PNG pictures with base64 thumbnails, and a category that is not ACTIVE has no stickers to give.
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedContentData, STICKER_CATEGORIES } from '../../../server/seed/content.ts';
import { stickerStore } from '../../../server/store/repos/stickers.ts';
import { errorCode } from '../../support/node-transport.ts';
import { serverForFile } from '../../support/server-fixture.ts';
import type { TestServer } from '../../support/test-server.ts';
import { ok, person, type Person } from '../directory/helpers.ts';

let server: TestServer;
let bob: Person;
let inactiveId = 0;

const fromDataUrl = (url: string) => {
  const match = /^data:(image\/png);base64,(.+)$/.exec(url);
  if (!match) throw new Error(`not a PNG data URL: ${url.slice(0, 40)}`);
  return Buffer.from(match[2] ?? '', 'base64');
};

const fixture = serverForFile();

beforeAll(async () => {
  server = fixture.server;
  const { ctx } = server.app;
  await seedContentData(ctx.db, { blobs: ctx.blobs });
  // A retired category and a deleted one, reusing a seeded picture.
  const { rows } = await ctx.db.query<{ tray_image_ref: number; tray_tn_ref: number }>('SELECT tray_image_ref, tray_tn_ref FROM sticker_categories LIMIT 1');
  const art = { trayImageRef: Number(rows[0]?.tray_image_ref), trayTnRef: Number(rows[0]?.tray_tn_ref) };
  const store = stickerStore(ctx.db);
  inactiveId = await store.createCategory({ name: 'Lunar New Year 2024', ...art, status: 'INACTIVE', seq: 5 });
  await store.createSticker({ categoryId: inactiveId, imageRef: art.trayImageRef, tnRef: art.trayTnRef, emojis: '🧧', seq: 0 });
  await store.createCategory({ name: 'Withdrawn Set', ...art, status: 'DELETED', seq: 6 });
  bob = await person(server, 'bob');
});

describe('stickers', () => {
  it('lists only ACTIVE categories, with a tray picture and its thumbnail', async () => {
    const { stickerCategories } = ok(await bob.api.getStickerCategories({}));
    expect(stickerCategories.map((c) => c.name)).toEqual(STICKER_CATEGORIES.map((c) => c.name));
    for (const category of stickerCategories) {
      expect(category.stickerCategoryStatus).toBe('ACTIVE');
      const tray = await sharp(fromDataUrl(category.trayImageFile ?? '')).metadata();
      expect([tray.format, tray.width, tray.height]).toEqual(['png', 96, 96]);
      const tn = await sharp(Buffer.from(category.trayImageFileTnBase64 ?? '', 'base64')).metadata();
      expect([tn.format, tn.width]).toEqual(['png', 48]);
    }
    // The others are kept in the store.
    const { rows } = await server.app.ctx.db.query<{ status: string }>('SELECT status FROM sticker_categories ORDER BY seq');
    expect(rows.map((r) => r.status)).toEqual(['ACTIVE', 'ACTIVE', 'INACTIVE', 'DELETED']);
  });

  it('gives the eight stickers of a category as 150 px PNG pictures with emojis and thumbnails', async () => {
    const [first] = ok(await bob.api.getStickerCategories({})).stickerCategories;
    const { stickers } = ok(await bob.api.getStickers({ stickerCategoryId: first?.stickerCategoryId ?? '' }));
    expect(stickers).toHaveLength(8);
    expect(stickers.map((s) => s.emojis)).toEqual(STICKER_CATEGORIES[0]?.stickers.map((s) => s.emojis));
    const images = new Set<string>();
    for (const sticker of stickers) {
      expect(sticker.stickerCategoryId).toBe(first?.stickerCategoryId);
      const bytes = fromDataUrl(sticker.imageFile ?? '');
      images.add(bytes.toString('base64'));
      const meta = await sharp(bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 150, 150]);
      const tn = await sharp(Buffer.from(sticker.imageFileTnBase64 ?? '', 'base64')).metadata();
      expect([tn.format, tn.width, tn.height]).toEqual(['png', 64, 64]);
    }
    expect(images.size).toBe(8);
  });

  it('has no stickers to give for a category that is not ACTIVE, or unknown', async () => {
    expect(errorCode(await bob.api.getStickers({ stickerCategoryId: String(inactiveId) }))).toBe('UI_IM_E1004');
    expect(errorCode(await bob.api.getStickers({ stickerCategoryId: '999999' }))).toBe('UI_IM_E1004');
    expect(errorCode(await bob.api.getStickers({ stickerCategoryId: 'abc' }))).toBe('UI_IM_E1004');
  });
});
