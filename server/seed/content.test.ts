import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileBlobStore, type BlobStore } from '../store/blobs.ts';
import type { Database } from '../store/db.ts';
import { repos } from '../store/repos/index.ts';
import { openTestDatabase } from '../store/testing.ts';
import { delegateOf } from '../services/directory/delegates.ts';
import { distributionLists } from '../store/repos/distribution-lists.ts';
import { groupLists } from '../store/repos/group-lists.ts';
import { DEMO_PEOPLE, DEMO_TENANTS } from './people.ts';
import { CONTENT_DIRECTORY_MARKER, CONTENT_LIBRARY_MARKER, seedContentData, SEED_DELEGATES, SEED_NEWS } from './content.ts';

let db: Database;
let dir: string;
let blobs: BlobStore;

const count = async (sql: string) => Number((await db.query<{ n: unknown }>(sql)).rows[0]?.n);

beforeAll(async () => {
  db = await openTestDatabase();
  dir = await mkdtemp(path.join(tmpdir(), 'chatgen-content-seed-'));
  blobs = new FileBlobStore(dir);
});

afterAll(async () => {
  await db.close();
  await rm(dir, { recursive: true, force: true });
});

/** The demo people as bare accounts (the demo seed itself makes key pairs and hashes; not needed here). */
async function addDemoAccounts(): Promise<void> {
  const r = repos(db);
  const tenantIds = [];
  for (const tenant of DEMO_TENANTS) tenantIds.push((await r.tenants.create(tenant)).id);
  for (const p of DEMO_PEOPLE) {
    await r.accounts.create({ tenantId: tenantIds[p.tenant] ?? 0, loginName: p.loginName, userFullname: p.userFullname, postTitle: p.postTitle });
  }
}

describe('content seed', () => {
  it('puts in stickers and news at once, and waits for the demo accounts before the directory part', async () => {
    expect(await seedContentData(db, { blobs })).toEqual({ library: true, directory: false });
    expect(await count('SELECT count(*) AS n FROM sticker_categories')).toBe(2);
    expect(await count('SELECT count(*) AS n FROM stickers')).toBe(16);
    expect(await count('SELECT count(*) AS n FROM news')).toBe(SEED_NEWS.length);
    expect(await count('SELECT count(*) AS n FROM news_files')).toBe(1);
    expect(await count('SELECT count(*) AS n FROM distribution_lists')).toBe(0);
  });

  it('adds lists, groups and delegates once the demo accounts exist, then never again', async () => {
    await addDemoAccounts();
    expect(await seedContentData(db, { blobs })).toEqual({ library: false, directory: true });
    expect(await seedContentData(db, { blobs })).toEqual({ library: false, directory: false });
    const markers = (await db.query<{ name: string }>('SELECT name FROM seed_markers ORDER BY name')).rows.map((r) => r.name);
    expect(markers).toEqual([CONTENT_DIRECTORY_MARKER, CONTENT_LIBRARY_MARKER].sort());
    expect(await count('SELECT count(*) AS n FROM sticker_categories')).toBe(2);
  });

  it('builds department distribution lists from the demo people, per tenant', async () => {
    const hospital = (await repos(db).tenants.findByShortName('NGH'))!;
    const lists = distributionLists(db);
    const ward = await lists.findByName(hospital.id, 'NGH Medicine Ward 5A');
    expect(ward?.distinguishedName).toBe('CN=NGH Medicine Ward 5A,OU=Distribution Lists,OU=NGH,DC=example,DC=org');
    expect(await lists.memberNames(ward!.id)).toEqual(['alice', 'bob', 'carol', 'emily']);
    const nurses = await lists.findByName(hospital.id, 'NGH All Nursing Staff');
    expect(await lists.memberNames(nurses!.id)).toEqual(['bob', 'carol', 'emily', 'olivia']);
    // The clinic's lists are not the hospital's.
    expect((await lists.search(hospital.id, 'EKC')).length).toBe(0);
    expect(await groupLists(db).memberLoginNames('HKP_AK_GROUP', 'AKG-0001')).toEqual(['nathan', 'olivia', 'peter']);
  });

  it('makes the broadcast delegates with their selection types and actors', async () => {
    const tommy = (await repos(db).accounts.findByLoginName('tommy'))!;
    const ursula = (await repos(db).accounts.findByLoginName('ursula'))!;
    expect(await delegateOf({ db }, tommy.id)).toMatchObject({ allowedBroadcastSelectionType: 'ALL', delegateMemberDisplayName: 'Tommy Lai' });
    expect((await delegateOf({ db }, tommy.id))?.actorAccountIds).toContain(ursula.id);
    expect(await count('SELECT count(*) AS n FROM broadcast_delegates')).toBe(SEED_DELEGATES.length);
  });

  it('stores real pictures and a real PDF', async () => {
    const { rows } = await db.query<{ path: string; content_type: string }>(
      `SELECT b.path, b.content_type FROM stickers s JOIN blobs b ON b.id = s.image_ref ORDER BY s.id LIMIT 1`,
    );
    const meta = await sharp(await blobs.read(rows[0]!.path)).metadata();
    expect([meta.format, meta.width, meta.height, rows[0]?.content_type]).toEqual(['png', 150, 150, 'image/png']);
    const pdf = await db.query<{ path: string; filename: string }>(`SELECT b.path, f.filename FROM news_files f JOIN blobs b ON b.id = f.blob_id`);
    const bytes = await blobs.read(pdf.rows[0]!.path);
    expect(pdf.rows[0]?.filename).toBe('visiting-hours-notice.pdf');
    expect(bytes.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    expect(bytes.toString('latin1')).toMatch(/startxref\n\d+\n%%EOF\n$/);
    const banner = await db.query<{ path: string }>('SELECT b.path FROM news n JOIN blobs b ON b.id = n.banner_ref LIMIT 1');
    expect((await sharp(await blobs.read(banner.rows[0]!.path)).metadata()).width).toBe(720);
  });

  it('has the do-not-disturb presets from its migration', async () => {
    expect(await count('SELECT count(*) AS n FROM dnd_templates')).toBe(7);
  });
});
