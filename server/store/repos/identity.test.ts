import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db.ts';
import { openTestDatabase } from '../testing.ts';
import { repos, type Repos } from './index.ts';

let db: Database;
let r: Repos;
let tenantId: number;

beforeAll(async () => {
  db = await openTestDatabase();
  r = repos(db);
  tenantId = (await r.tenants.create({ shortName: 'HQ', fullname: 'Head Office' })).id;
});
afterAll(() => db.close());

describe('tenants', () => {
  it('creates, finds and lists', async () => {
    const t = await r.tenants.create({ shortName: 'BR', fullname: 'Branch', fullnameDisplay: 'Branch Office' });
    expect(await r.tenants.findByShortName('BR')).toEqual(t);
    expect(await r.tenants.findById(t.id)).toEqual(t);
    expect((await r.tenants.list()).map((x) => x.shortName)).toEqual(['HQ', 'BR']);
  });
});

describe('accounts', () => {
  it('creates an account with defaults and finds it by login name without case', async () => {
    const a = await r.accounts.create({ tenantId, loginName: 'Carol', userFullname: 'Carol Chan', postTitle: 'Nurse', passwordHash: 'h1' });
    expect(a).toMatchObject({ loginName: 'Carol', functionRoles: ['IM_USER'], langId: 'en_US', mustChangePassword: false, dlAttach: true });
    expect(a.privacy).toEqual({ viewPresence: 'ALL', viewProfile: 'ALL', readReceipt: 'YES', isShowNameToGrpAcc: true, isShowNotiAtMention: true });
    expect((await r.accounts.findByLoginName('carol'))?.id).toBe(a.id);
    expect(a).not.toHaveProperty('passwordHash');
    await expect(r.accounts.create({ tenantId, loginName: 'CAROL', userFullname: 'Other' })).rejects.toThrow();
  });

  it('keeps credentials apart and updates passwords', async () => {
    const a = await r.accounts.create({ tenantId, loginName: 'dave', userFullname: 'Dave Ho', passwordHash: 'old', mustChangePassword: true });
    expect(await r.accounts.getCredentials('DAVE')).toEqual({ accountId: a.id, loginName: 'dave', passwordHash: 'old', mustChangePassword: true, disabled: false });
    await r.accounts.setPassword(a.id, 'new');
    expect(await r.accounts.getCredentials('dave')).toMatchObject({ passwordHash: 'new', mustChangePassword: false });
    expect(await r.accounts.getCredentials('nobody')).toBeNull();
  });

  it('updates profile fields, display settings, privacy and do-not-disturb', async () => {
    const a = await r.accounts.create({ tenantId, loginName: 'erin', userFullname: 'Erin Lee' });
    expect((await r.accounts.updateProfileField(a.id, 'telNo', '2345 6789'))?.telNo).toBe('2345 6789');
    expect((await r.accounts.setCustomDisplayName(a.id, 'Erin (IT)'))?.customDisplayName).toBe('Erin (IT)');
    expect((await r.accounts.setSearchName(a.id, 'erinl'))?.searchName).toBe('erinl');
    expect((await r.accounts.setLangId(a.id, 'zh_TW'))?.langId).toBe('zh_TW');
    expect((await r.accounts.setDlAttach(a.id, false))?.dlAttach).toBe(false);
    const p = await r.accounts.updatePrivacy(a.id, { viewPresence: 'FAVOURITE', readReceipt: 'NO' });
    expect(p?.privacy).toMatchObject({ viewPresence: 'FAVOURITE', viewProfile: 'ALL', readReceipt: 'NO' });
    await expect(r.accounts.updatePrivacy(a.id, { viewProfile: 'EVERYONE' as 'ALL' })).rejects.toThrow();
    const end = new Date('2030-01-01T00:00:00Z');
    expect((await r.accounts.setDnd(a.id, { dnd: '8H', dndEndDate: end, isMute: true }))?.dnd).toEqual({ dnd: '8H', dndEndDate: end, isMute: true });
    expect((await r.accounts.setDnd(a.id, null))?.dnd).toEqual({ dnd: null, dndEndDate: null, isMute: false });
    const seen = new Date('2026-01-02T03:04:05Z');
    await r.accounts.touchLastOnline(a.id, seen);
    expect((await r.accounts.findById(a.id))?.lastOnlineAt).toEqual(seen);
  });

  it('keeps favourites and synonyms', async () => {
    const [f, g, h] = await Promise.all(['fay', 'gus', 'hal'].map((n) => r.accounts.create({ tenantId, loginName: n, userFullname: n.toUpperCase() })));
    if (!f || !g || !h) throw new Error('accounts');
    await r.accounts.addFavourites(f.id, [g.id, h.id, f.id, g.id]);
    expect((await r.accounts.listFavouriteIds(f.id)).sort()).toEqual([g.id, h.id].sort());
    expect(await r.accounts.isFavouriteOf(f.id, g.id)).toBe(true);
    await r.accounts.removeFavourites(f.id, [g.id]);
    expect(await r.accounts.listFavouriteIds(f.id)).toEqual([h.id]);
    await r.accounts.setSynonym(f.id, g.id, 'G');
    await r.accounts.setSynonym(f.id, g.id, 'Gus the Great');
    expect(await r.accounts.listSynonyms(f.id)).toEqual([{ synAccountId: g.id, synonym: 'Gus the Great' }]);
    await r.accounts.removeSynonym(f.id, g.id);
    expect(await r.accounts.listSynonyms(f.id)).toEqual([]);
  });

  it('lists the directory by page with a name filter', async () => {
    const other = await r.tenants.create({ shortName: 'PG', fullname: 'Paging' });
    for (const n of ['pam', 'pat', 'paul', 'peg', 'phil']) {
      await r.accounts.create({ tenantId: other.id, loginName: `pg_${n}`, userFullname: `${n} Zed` });
    }
    const first = await r.accounts.list({ tenantId: other.id, limit: 2 });
    expect(first.accounts.map((a) => a.userFullname)).toEqual(['pam Zed', 'pat Zed']);
    expect(first.stillHaveData).toBe(true);
    const last = await r.accounts.list({ tenantId: other.id, limit: 2, offset: 4 });
    expect(last.accounts.map((a) => a.userFullname)).toEqual(['phil Zed']);
    expect(last.stillHaveData).toBe(false);
    const filtered = await r.accounts.list({ tenantId: other.id, filterOfName: 'PA', limit: 10 });
    expect(filtered.accounts.map((a) => a.loginName)).toEqual(['pg_pam', 'pg_pat', 'pg_paul']);
    // LIKE wildcards in the filter are taken literally.
    expect((await r.accounts.list({ filterOfName: '%', limit: 10 })).accounts).toEqual([]);
    const ids = first.accounts.map((a) => a.id);
    expect((await r.accounts.listByIds([ids[1] ?? 0, 999999, ids[0] ?? 0])).map((a) => a.id)).toEqual([ids[1], ids[0]]);
  });
});

describe('sessions', () => {
  it('finds a live session by api key and ends sessions', async () => {
    const a = await r.accounts.create({ tenantId, loginName: 'sam', userFullname: 'Sam' });
    const later = new Date(Date.now() + 3600_000);
    const s1 = await r.sessions.create({ accountId: a.id, apiKey: 'key-1', deviceId: 'd1', devicePubKeyPem: 'PEM1', deviceInfo: { brand: 'x' }, expiresAt: later });
    const s2 = await r.sessions.create({ accountId: a.id, apiKey: 'key-2', deviceId: 'd2', devicePubKeyPem: 'PEM2', expiresAt: later });
    const s3 = await r.sessions.create({ accountId: a.id, apiKey: 'key-3', deviceId: 'd3', devicePubKeyPem: 'PEM3', expiresAt: later });
    expect((await r.sessions.findActiveByApiKey('key-1'))?.id).toBe(s1.id);
    expect((await r.sessions.findActiveByApiKey('key-1'))?.deviceInfo).toEqual({ brand: 'x' });
    expect(await r.sessions.findActiveByApiKey('nope')).toBeNull();
    expect(await r.sessions.findActiveByApiKey('key-1', new Date(later.getTime() + 1))).toBeNull();
    const stored = await db.query<{ api_key_hash: string }>('SELECT api_key_hash FROM sessions WHERE id = $1', [s1.id]);
    expect(stored.rows[0]?.api_key_hash).not.toContain('key-1');

    expect((await r.sessions.logoutOthers(a.id, s1.id)).sort()).toEqual([s2.id, s3.id].sort());
    expect(await r.sessions.findActiveByApiKey('key-2')).toBeNull();
    expect((await r.sessions.listActive(a.id)).map((s) => s.id)).toEqual([s1.id]);
    expect(await r.sessions.logout(s1.id)).toBe(true);
    expect(await r.sessions.logout(s1.id)).toBe(false);
    expect((await r.sessions.findById(s1.id))?.logoutReason).toBe('LOGOUT');
  });

  it('slides the expiry on use and wipes one device', async () => {
    const a = await r.accounts.create({ tenantId, loginName: 'tia', userFullname: 'Tia' });
    const now = new Date();
    const s = await r.sessions.create({ accountId: a.id, apiKey: 'tia-key', deviceId: 'phone', devicePubKeyPem: 'P', expiresAt: new Date(now.getTime() + 1000) });
    const extended = new Date(now.getTime() + 7200_000);
    await r.sessions.touch(s.id, now, extended);
    expect((await r.sessions.findById(s.id))?.expiresAt).toEqual(extended);
    expect(await r.sessions.logoutDevice(a.id, 'phone')).toEqual([s.id]);
    expect(await r.sessions.findActiveByApiKey('tia-key')).toBeNull();
  });
});

describe('tokens', () => {
  it('issues a token stored as a hash and consumes it once', async () => {
    const t = await r.tokens.issue({ token: 'otp-123', tokenType: 'OTP', ttlSeconds: 60 });
    expect(t).toMatchObject({ tokenType: 'OTP', remainingCount: 1, status: 'PENDING', ttlSeconds: 60 });
    expect(t.expiresAt.getTime() - t.createdAt.getTime()).toBe(60_000);
    expect(await r.tokens.find('otp-123', 'JWT')).toBeNull();
    const used = await r.tokens.consume('otp-123', 'OTP');
    expect(used).toMatchObject({ remainingCount: 0, status: 'USED' });
    expect(await r.tokens.consume('otp-123', 'OTP')).toBeNull();
  });

  it('counts down multi-use tokens, ignores expired ones and lets only one of two racers win', async () => {
    await r.tokens.issue({ token: 'qr-1', tokenType: 'QR', ttlSeconds: 30, remainingCount: 2 });
    expect((await r.tokens.consume('qr-1', 'QR'))?.remainingCount).toBe(1);
    expect((await r.tokens.consume('qr-1', 'QR'))?.status).toBe('USED');
    const past = new Date(Date.now() - 120_000);
    await r.tokens.issue({ token: 'old', tokenType: 'QR', ttlSeconds: 60, now: past });
    expect(await r.tokens.consume('old', 'QR')).toBeNull();
    expect(await r.tokens.deleteExpired()).toBeGreaterThanOrEqual(1);
    expect(await r.tokens.find('old', 'QR')).toBeNull();

    await r.tokens.issue({ token: 'race', tokenType: 'LOGIN_TOKEN', ttlSeconds: 60 });
    const results = await Promise.all([r.tokens.consume('race', 'LOGIN_TOKEN'), r.tokens.consume('race', 'LOGIN_TOKEN')]);
    expect(results.filter((x) => x !== null)).toHaveLength(1);
  });

  it('records a scan on a QR token', async () => {
    const a = await r.accounts.create({ tenantId, loginName: 'quinn', userFullname: 'Quinn' });
    const t = await r.tokens.issue({ token: 'qr-scan', tokenType: 'QR', ttlSeconds: 60, data: { deviceId: 'd' } });
    const scanned = await r.tokens.setStatus(t.id, 'SCANNED', a.id);
    expect(scanned).toMatchObject({ status: 'SCANNED', accountId: a.id, data: { deviceId: 'd' } });
    expect((await r.tokens.consume('qr-scan', 'QR'))?.status).toBe('USED');
  });
});

describe('keys', () => {
  it('stores user key pairs and serves the public half by login name', async () => {
    const a = await r.accounts.create({ tenantId, loginName: 'kim', userFullname: 'Kim' });
    await r.keys.saveUserKeyPair(a.id, { publicKeyPem: 'PUB', privateKeyPem: 'PRIV' });
    expect(await r.keys.getUserPublicKeyByLoginName('KIM')).toBe('PUB');
    await r.keys.saveUserKeyPair(a.id, { publicKeyPem: 'PUB2', privateKeyPem: 'PRIV2' });
    expect(await r.keys.getUserKeyPair(a.id)).toMatchObject({ publicKeyPem: 'PUB2', privateKeyPem: 'PRIV2' });
    await r.accounts.setDisabled(a.id, true);
    expect(await r.keys.getUserPublicKeyByLoginName('kim')).toBeNull();
  });

  it('keeps one current AES key per room and the retired ones', async () => {
    const room = await r.rooms.create({ roomType: 'MULTIPLE', roomName: 'Keys' });
    const k1 = { messageKeyUuid: 'k-1', aesKey: Buffer.alloc(32, 1).toString('base64'), algorithm: 'GCM' as const };
    const k2 = { messageKeyUuid: 'k-2', aesKey: Buffer.alloc(32, 2).toString('base64'), algorithm: 'CBC' as const };
    await r.keys.setRoomKey(room.id, k1);
    await r.keys.setRoomKey(room.id, k2);
    expect(await r.keys.currentRoomKey(room.id)).toMatchObject({ ...k2, roomId: room.id, retiredAt: null });
    const found = await r.keys.findByUuids(['k-1', 'k-2', 'unknown']);
    expect(found.map((k) => k.messageKeyUuid)).toEqual(['k-1', 'k-2']);
    expect(found[0]?.retiredAt).not.toBeNull();
    expect(await r.keys.belongsToRoom('k-1', room.id)).toBe(true);
    expect((await r.keys.currentKeysOfRooms([room.id])).map((k) => k.messageKeyUuid)).toEqual(['k-2']);
  });

  it('creates the common key once', async () => {
    const a = await r.keys.ensureCommonKey({ messageKeyUuid: 'common-1', aesKey: 'x', algorithm: 'GCM' });
    const b = await r.keys.ensureCommonKey({ messageKeyUuid: 'common-2', aesKey: 'y', algorithm: 'GCM' });
    expect(a.messageKeyUuid).toBe('common-1');
    expect(b.messageKeyUuid).toBe('common-1');
  });
});
