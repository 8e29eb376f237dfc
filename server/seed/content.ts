/**
 * Content and directory data for the demo: distribution lists and directory groups built from the demo
 * people, broadcast delegates, two sticker categories with real PNG art, and three news items (one with
 * a PDF). Two parts, each run once (a row in seed_markers):
 *   - 'content-library' (stickers, news): always;
 *   - 'content-directory' (lists, groups, delegates): once the demo accounts exist (seedDemoData first).
 * Files are written to the blob store before the transaction that names them.
 * DND templates come with migration 040.
 */
import type { Database, Queryable } from '../store/db.ts';
import type { BlobStore, StoredFile } from '../store/blobs.ts';
import { blobsRepo } from '../store/repos/blobs.ts';
import { distributionLists } from '../store/repos/distribution-lists.ts';
import { groupLists } from '../store/repos/group-lists.ts';
import { delegateStore } from '../store/repos/delegates.ts';
import type { BroadcastSelectionType } from '../services/directory/delegates.ts';
import { letterImage, thumbnailOf, type Shape } from '../services/content/images.ts';
import { newsStore } from '../store/repos/news.ts';
import { bannerImage, simplePdf } from '../services/content/seed-assets.ts';
import { stickerStore } from '../store/repos/stickers.ts';
import { DEMO_PEOPLE, DEMO_TENANTS } from './people.ts';

export const CONTENT_LIBRARY_MARKER = 'content-library';
export const CONTENT_DIRECTORY_MARKER = 'content-directory';

export interface ContentSeedOptions {
  blobs: BlobStore;
  now?: Date;
  log?: (line: string) => void;
}

export interface ContentSeedResult {
  library: boolean;
  directory: boolean;
}

interface StickerDef {
  letter: string;
  colour: string;
  emojis: string;
}

export const STICKER_CATEGORIES: readonly { name: string; shape: Shape; trayColour: string; stickers: readonly StickerDef[] }[] = [
  {
    name: 'Ward Friends',
    shape: 'circle',
    trayColour: '#e8553e',
    stickers: [
      { letter: 'H', colour: '#e8553e', emojis: '👋' },
      { letter: 'T', colour: '#f29e38', emojis: '🙏' },
      { letter: 'G', colour: '#3aa76d', emojis: '👍' },
      { letter: 'W', colour: '#2f80c9', emojis: '😊' },
      { letter: 'C', colour: '#8e5bc4', emojis: '☕' },
      { letter: 'L', colour: '#d2477f', emojis: '❤️' },
      { letter: 'S', colour: '#1b9aaa', emojis: '😴' },
      { letter: 'Y', colour: '#6b8e23', emojis: '🎉' },
    ],
  },
  {
    name: 'Quick Replies',
    shape: 'square',
    trayColour: '#2f80c9',
    stickers: [
      { letter: 'OK', colour: '#3aa76d', emojis: '👌' },
      { letter: 'NO', colour: '#c0392b', emojis: '🙅' },
      { letter: '?', colour: '#f29e38', emojis: '❓' },
      { letter: '!', colour: '#e8553e', emojis: '❗' },
      { letter: '5', colour: '#2f80c9', emojis: '⏱️' },
      { letter: 'OT', colour: '#8e5bc4', emojis: '🏥' },
      { letter: 'BRB', colour: '#1b9aaa', emojis: '🔙' },
      { letter: 'ACK', colour: '#555f6d', emojis: '✅' },
    ],
  },
];

export const SEED_NEWS = [
  {
    title: 'New visiting hours from next month',
    content:
      '<p>From the first of next month, general wards welcome visitors from <b>12:00 to 20:00</b>. Two visitors per patient at a time.</p><p>The attached notice may be printed for ward entrances.</p>',
    colours: ['#2f80c9', '#1b9aaa'] as const,
    file: {
      filename: 'visiting-hours-notice.pdf',
      title: 'Visiting Hours Notice',
      lines: ['General wards: 12:00 - 20:00 daily.', 'Two visitors per patient at a time.', 'Please wear a mask in clinical areas.'],
    },
    hoursAgo: 2,
    seq: 0,
  },
  {
    title: 'Influenza vaccination for staff',
    content: '<p>The staff clinic offers seasonal influenza vaccination on weekdays, 09:00 to 17:00. Bring your staff card.</p>',
    colours: ['#3aa76d', '#6b8e23'] as const,
    file: null,
    hoursAgo: 26,
    seq: 1,
  },
  {
    title: 'Chat service maintenance on Sunday',
    content: '<p>The chat service will be unavailable on Sunday between 02:00 and 04:00 for maintenance. Messages sent during the window are delivered afterwards.</p>',
    colours: ['#555f6d', '#8e5bc4'] as const,
    file: null,
    hoursAgo: 72,
    seq: 2,
  },
] as const;

/** Directory groups of type HKP_AK_GROUP (hospital tenant). */
export const SEED_GROUPS = [
  { identifier: 'AKG-0001', displayName: 'A&E Duty Roster Team', members: ['nathan', 'olivia', 'peter'] },
  { identifier: 'AKG-0002', displayName: 'Infection Control Link Team', members: ['alice', 'carol', 'olivia', 'zoe'] },
  { identifier: 'AKG-0003', displayName: 'Major Incident Response Team', members: ['nathan', 'olivia', 'victor', 'tommy', 'mandy'] },
] as const;

export const SEED_DELEGATES: readonly { loginName: string; selection: BroadcastSelectionType; actors: readonly string[] }[] = [
  { loginName: 'admin', selection: 'ALL', actors: [] },
  { loginName: 'tommy', selection: 'ALL', actors: ['ursula', 'mandy'] },
  { loginName: 'raymond', selection: 'DL', actors: ['queenie'] },
  { loginName: 'olivia', selection: 'HKP_AK_GROUP', actors: ['nathan'] },
  { loginName: 'agnes', selection: 'DL', actors: ['felix'] },
];

const isNurse = (postTitle: string) => /nurse/i.test(postTitle);

/** The distribution lists of the demo people: one per department, all nursing staff, all staff. */
export function seedDistributionLists() {
  return DEMO_TENANTS.flatMap((tenant, index) => {
    const people = DEMO_PEOPLE.filter((p) => p.tenant === index);
    const dn = (cn: string) => `CN=${cn},OU=Distribution Lists,OU=${tenant.shortName},DC=example,DC=org`;
    const departments = [...new Set(people.map((p) => p.department))].sort();
    const lists = departments.map((department) => ({
      cn: `${tenant.shortName} ${department}`,
      members: people.filter((p) => p.department === department).map((p) => p.loginName),
    }));
    lists.push({ cn: `${tenant.shortName} All Nursing Staff`, members: people.filter((p) => isNurse(p.postTitle)).map((p) => p.loginName) });
    lists.push({ cn: `${tenant.shortName} All Staff`, members: people.map((p) => p.loginName) });
    return lists.map((l) => ({ tenantShortName: tenant.shortName, cn: l.cn, distinguishedName: dn(l.cn), members: l.members }));
  });
}

async function claim(tx: Queryable, marker: string): Promise<boolean> {
  const { rows } = await tx.query('INSERT INTO seed_markers (name) VALUES ($1) ON CONFLICT DO NOTHING RETURNING name', [marker]);
  return rows.length > 0;
}

async function isMarked(db: Database, marker: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM seed_markers WHERE name = $1', [marker])).rows.length > 0;
}

const PNG = 'image/png';
const MAX_SEED_FILE = 16 * 1024 * 1024;

/** Runs `fn` over the items one after another (sharp and the disk, not the event loop, do the work). */
async function inOrder<T, R>(items: readonly T[], fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (const item of items) out.push(await fn(item));
  return out;
}

async function seedLibrary(db: Database, options: ContentSeedOptions): Promise<boolean> {
  if (await isMarked(db, CONTENT_LIBRARY_MARKER)) return false;
  const write = (bytes: Uint8Array) => options.blobs.write(bytes, MAX_SEED_FILE);
  const now = options.now ?? new Date();

  const categories = await inOrder(STICKER_CATEGORIES, async (category) => {
    const tray = await letterImage({ size: 96, colour: category.trayColour, letter: category.name.charAt(0), shape: category.shape });
    const stickers = await inOrder(category.stickers, async (sticker) => {
      const image = await letterImage({ size: 150, colour: sticker.colour, letter: sticker.letter, shape: category.shape });
      return { ...sticker, image: await write(image), tn: await write((await thumbnailOf(image, { width: 64, height: 64 })) ?? image) };
    });
    return {
      name: category.name,
      tray: await write(tray),
      trayTn: await write((await thumbnailOf(tray, { width: 48, height: 48 })) ?? tray),
      stickers,
    };
  });
  const news = await inOrder(SEED_NEWS, async (item) => ({
    item,
    banner: await write(await bannerImage(item.title, item.colours[0], item.colours[1])),
    attachment: item.file ? { filename: item.file.filename, stored: await write(simplePdf(item.file.title, item.file.lines)) } : null,
  }));

  return db.transaction(async (tx) => {
    if (!(await claim(tx, CONTENT_LIBRARY_MARKER))) return false;
    const blobs = blobsRepo(tx);
    const record = async (file: StoredFile, contentType: string) => (await blobs.insert({ ...file, contentType })).id;
    const stickerRows = stickerStore(tx);
    for (const [seq, category] of categories.entries()) {
      const categoryId = await stickerRows.createCategory({
        name: category.name,
        trayImageRef: await record(category.tray, PNG),
        trayTnRef: await record(category.trayTn, PNG),
        status: 'ACTIVE',
        seq,
      });
      for (const [index, sticker] of category.stickers.entries()) {
        await stickerRows.createSticker({ categoryId, imageRef: await record(sticker.image, PNG), tnRef: await record(sticker.tn, PNG), emojis: sticker.emojis, seq: index });
      }
    }
    const newsRows = newsStore(tx);
    for (const { item, banner, attachment } of news) {
      const newsId = await newsRows.insert({
        tenantId: null,
        title: item.title,
        content: item.content,
        bannerRef: await record(banner, PNG),
        seq: item.seq,
        startDate: new Date(now.getTime() - item.hoursAgo * 3600_000),
        isShowNewsTitleInContent: true,
        createdBy: null,
      });
      if (attachment) {
        const blobId = await record(attachment.stored, 'application/pdf');
        await newsRows.insertFile({ newsId, blobId, filename: attachment.filename, contentType: 'application/pdf', thumbnailRef: null, seq: 0 });
      }
    }
    return true;
  });
}

async function seedDirectory(db: Database): Promise<boolean> {
  if (await isMarked(db, CONTENT_DIRECTORY_MARKER)) return false;
  const { rows } = await db.query<{ id: unknown; login_name: string; short_name: string; tenant_id: unknown }>(
    `SELECT a.id, lower(a.login_name) AS login_name, t.short_name, a.tenant_id FROM accounts a JOIN tenants t ON t.id = a.tenant_id
      WHERE lower(a.login_name) = ANY($1::text[])`,
    [DEMO_PEOPLE.map((p) => p.loginName.toLowerCase())],
  );
  // The demo organisation is not there (yet): try again at the next start.
  if (rows.length === 0) return false;
  const accountId = new Map(rows.map((r) => [r.login_name, Number(r.id)]));
  const tenantId = new Map(rows.map((r) => [r.short_name, Number(r.tenant_id)]));
  const hospital = tenantId.get(DEMO_TENANTS[0]?.shortName ?? '') ?? null;

  return db.transaction(async (tx) => {
    if (!(await claim(tx, CONTENT_DIRECTORY_MARKER))) return false;
    const lists = distributionLists(tx);
    for (const list of seedDistributionLists()) {
      const created = await lists.create({ tenantId: tenantId.get(list.tenantShortName) ?? null, cn: list.cn, distinguishedName: list.distinguishedName });
      await lists.addMembers(created.id, list.members);
    }
    const groups = groupLists(tx);
    for (const group of SEED_GROUPS) {
      const id = await groups.createGroup({ tenantId: hospital, type: 'HKP_AK_GROUP', displayName: group.displayName, identifier: group.identifier });
      await groups.addGroupMembers(id, group.members);
    }
    const delegates = delegateStore(tx);
    for (const delegate of SEED_DELEGATES) {
      const id = accountId.get(delegate.loginName);
      if (id === undefined) continue;
      await delegates.set(id, delegate.selection);
      for (const actor of delegate.actors) {
        const actorId = accountId.get(actor);
        if (actorId !== undefined) await delegates.addActor(id, actorId);
      }
    }
    return true;
  });
}

export async function seedContentData(db: Database, options: ContentSeedOptions): Promise<ContentSeedResult> {
  const library = await seedLibrary(db, options);
  const directory = await seedDirectory(db);
  if (library) options.log?.('Content: 2 sticker categories, 3 news items.');
  if (directory) options.log?.('Directory: distribution lists, directory groups and broadcast delegates.');
  return { library, directory };
}
