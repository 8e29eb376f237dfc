import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileBlobStore, BlobTooLargeError, saveBlob } from './blobs.ts';
import type { Database } from './db.ts';
import { repos, type Repos } from './repos/index.ts';
import { openTestDatabase } from './testing.ts';

let db: Database;
let r: Repos;
let dataDir: string;
let store: FileBlobStore;

beforeAll(async () => {
  db = await openTestDatabase();
  r = repos(db);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatgen-blobs-'));
  store = new FileBlobStore(dataDir);
});
afterAll(async () => {
  await db.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const sha = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');
const tmpFiles = () => (fs.existsSync(path.join(store.root, 'tmp')) ? fs.readdirSync(path.join(store.root, 'tmp')) : []);

async function* pieces(...parts: string[]): AsyncIterable<Uint8Array> {
  for (const part of parts) yield Buffer.from(part);
}

describe('blob store', () => {
  it('stores bytes under their SHA-256 and reads them back', async () => {
    const data = Buffer.from('hello attachment');
    const file = await store.write(data, 1024);
    expect(file).toEqual({ sha256: sha(data), size: data.length, path: path.join(sha(data).slice(0, 2), sha(data).slice(2, 4), sha(data)) });
    expect(await store.read(file.path)).toEqual(data);
    expect(tmpFiles()).toEqual([]);
  });

  it('streams chunks and stores identical content once', async () => {
    const a = await store.write(pieces('same ', 'content'), 1024);
    const b = await store.write(Buffer.from('same content'), 1024);
    expect(b).toEqual(a);
    expect(tmpFiles()).toEqual([]);
  });

  it('refuses content over the size limit and leaves no file behind', async () => {
    await expect(store.write(pieces('12345', '67890'), 8)).rejects.toBeInstanceOf(BlobTooLargeError);
    expect(tmpFiles()).toEqual([]);
    const exact = await store.write(Buffer.alloc(8), 8);
    expect(exact.size).toBe(8);
  });

  it('never resolves a path outside the store', () => {
    expect(() => store.absolutePath('../../etc/passwd')).toThrow('outside');
  });

  it('writes the row after the file, one row per content', async () => {
    const row = await saveBlob(store, db, Buffer.from('picture'), { contentType: 'image/png', maxBytes: 100 });
    expect(row).toMatchObject({ sha256: sha(Buffer.from('picture')), size: 7, contentType: 'image/png' });
    expect(fs.existsSync(store.absolutePath(row.path))).toBe(true);
    const again = await saveBlob(store, db, Buffer.from('picture'), { contentType: 'image/png', maxBytes: 100 });
    expect(again.id).toBe(row.id);
    expect(await r.blobs.findById(row.id)).toEqual(row);
    expect(await r.blobs.findBySha256(row.sha256)).toEqual(row);
  });
});

describe('jobs', () => {
  it('queues, claims in order, completes and lists finished jobs', async () => {
    const tenant = await r.tenants.create({ shortName: 'J', fullname: 'Jobs' });
    const account = await r.accounts.create({ tenantId: tenant.id, loginName: 'jo', userFullname: 'Jo' });
    const room = await r.rooms.create({ roomType: 'MULTIPLE', roomName: 'Archive me' });
    const first = await r.jobs.create({ accountId: account.id, roomId: room.id, kind: 'ARCHIVE', params: { beforeDays: 30 }, roomName: 'Archive me' });
    const second = await r.jobs.create({ accountId: account.id, kind: 'EXPORT' });
    expect(first).toMatchObject({ status: 'PENDING', params: { beforeDays: 30 } });

    const claimed = await r.jobs.claimNext();
    expect(claimed).toMatchObject({ id: first.id, status: 'RUNNING' });
    expect((await r.jobs.claimNext())?.id).toBe(second.id);
    expect(await r.jobs.claimNext()).toBeNull();

    const blob = await saveBlob(store, db, Buffer.from('zip bytes'), { contentType: 'application/zip', maxBytes: 100 });
    await r.keys.setRoomKey(room.id, { messageKeyUuid: 'archive-key', aesKey: 'k', algorithm: 'GCM' });
    expect(await r.jobs.complete(first.id, blob.id, 'archive-key')).toMatchObject({ status: 'COMPLETED', fileBlobId: blob.id });
    expect(await r.jobs.fail(second.id, 'disk full')).toMatchObject({ status: 'FAILED', error: 'disk full' });
    expect(await r.jobs.fail(first.id, 'too late')).toBeNull();
    expect((await r.jobs.listCompleted(account.id)).map((j) => j.id)).toEqual([first.id]);
    expect(await r.jobs.listCompleted(account.id, ['EXPORT'])).toEqual([]);
  });

  it('lets another process take over a job whose lease ran out, and only the lease holder completes it', async () => {
    const account = (await r.accounts.list({ filterOfName: 'jo', limit: 1 })).accounts[0];
    if (!account) throw new Error('no account');
    const job = await r.jobs.create({ accountId: account.id, kind: 'EXPORT_ROOM' });
    const killed = { owner: 'process-1', ms: 1 };
    const survivor = { owner: 'process-2', ms: 60_000 };
    expect(await r.jobs.claimNext(undefined, killed)).toMatchObject({ id: job.id, leaseOwner: 'process-1' });
    // process-1 stops renewing (it was killed): its 1 ms lease runs out and process-2 claims the job.
    await expect.poll(async () => (await r.jobs.claimNext(undefined, survivor))?.id, { interval: 5 }).toBe(job.id);
    expect(await r.jobs.renewLease(job.id, killed)).toBe(false);
    expect(await r.jobs.renewLease(job.id, survivor)).toBe(true);
    // A held lease is not taken over.
    expect(await r.jobs.claimNext(undefined, killed)).toBeNull();
    const blob = await saveBlob(store, db, Buffer.from('export bytes'), { contentType: 'application/zip', maxBytes: 100 });
    expect(await r.jobs.complete(job.id, blob.id, null, killed)).toBeNull();
    expect(await r.jobs.fail(job.id, 'late', killed)).toBeNull();
    expect(await r.jobs.complete(job.id, blob.id, null, survivor)).toMatchObject({ status: 'COMPLETED', leaseOwner: null });
  });

  it('gives each of several concurrent claimers a different job', async () => {
    const account = (await r.accounts.list({ filterOfName: 'jo', limit: 1 })).accounts[0];
    if (!account) throw new Error('no account');
    const created = [];
    for (let i = 0; i < 8; i += 1) created.push((await r.jobs.create({ accountId: account.id, kind: 'EXPORT' })).id);
    const claims = await Promise.all(created.map((_, i) => r.jobs.claimNext(['EXPORT'], { owner: `p${i}`, ms: 60_000 })));
    const ids = claims.map((job) => job?.id);
    expect(new Set(ids).size).toBe(created.length);
    expect([...ids].sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(created);
  });
});

describe('app versions', () => {
  it('upserts per platform and build, and finds newer builds', async () => {
    await r.appVersions.upsert({ appPlatform: 'WEB', versionNumber: '1.0.14', buildVersion: 17 });
    await r.appVersions.upsert({ appPlatform: 'WEB', versionNumber: '1.0.15', buildVersion: 18, versionDescription: 'Fixes' });
    await r.appVersions.upsert({ appPlatform: 'WEB', versionNumber: '1.0.15', buildVersion: 18, isForceUpd: true });
    expect((await r.appVersions.list()).map((v) => v.buildVersion)).toEqual([18, 17]);
    const newer = await r.appVersions.newerThan('WEB', 17);
    expect(newer).toHaveLength(1);
    expect(newer[0]).toMatchObject({ versionNumber: '1.0.15', isForceUpd: true });
    expect(await r.appVersions.newerThan('WEB', 18)).toEqual([]);
  });
});
