// Tokens, the directory, privacy, names, profile pictures and the test-only crypto calls, over the wire.
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qrTokenTopic } from '../../../generated/realtime/index.ts';
import { errorCode, loginWithToken as loginWithTokenAt, type SignedInClient, type WireTokenType } from '../../support/node-transport.ts';
import { createTestAccount, startTestServer, TEST_PASSWORD, type TestServer } from '../../support/test-server.ts';
import { signIn as signInAs } from '../../support/node-transport.ts';
import { THROTTLE } from '../../../server/services/identity/throttle.ts';
import { listen } from '../../support/stomp-listener.ts';
import { anonymousApi } from './helpers.ts';

let server: TestServer;
let alice: SignedInClient;
let bob: SignedInClient;

beforeAll(async () => {
  server = await startTestServer();
  await createTestAccount(server, { loginName: 'alice', fullName: 'Alice Anders' });
  await createTestAccount(server, { loginName: 'bob', fullName: 'Bob Brown' });
  // 35 more people in the directory: more than one page of 30.
  for (let i = 0; i < 35; i++) {
    await createTestAccount(server, { loginName: `staff${String(i).padStart(2, '0')}`, fullName: `Staff Member ${String(i).padStart(2, '0')}` });
  }
  alice = await signInAs(server.url, 'alice', TEST_PASSWORD);
  bob = await signInAs(server.url, 'bob', TEST_PASSWORD);
});

afterAll(async () => {
  await server.close();
});

const loginWithToken = (loginName: string, token: string, type?: WireTokenType) => loginWithTokenAt(server.url, loginName, token, type);

describe('token login', () => {
  it('logs in once with a generated token; the second use is refused', async () => {
    const generated = await alice.api.generateToken({});
    expect(generated.ok).toBe(true);
    if (!generated.ok) return;
    expect(generated.data.tokenExpiredInSeconds).toBeGreaterThan(0);

    const name = await anonymousApi(server.url).getLoginNameByToken({ tokenData: { token: generated.data.token } });
    expect(name.ok && name.data.loginName).toBe('alice');

    const first = await loginWithToken('alice', generated.data.token, 'SSO');
    expect(first.ok).toBe(true);
    if (first.ok) expect(first.data.apiKey).toMatch(/^[0-9a-f]{64}$/);
    const second = await loginWithToken('alice', generated.data.token, 'SSO');
    expect(errorCode(second)).toBe('UI_IM_E2009');
  });

  it('refuses a token presented for another login name, without using it up', async () => {
    const generated = await alice.api.generateToken({});
    if (!generated.ok) throw new Error('no token');
    expect(errorCode(await loginWithToken('bob', generated.data.token))).toBe('UI_IM_E2009');
    expect((await loginWithToken('alice', generated.data.token)).ok).toBe(true);
  });

  it('accepts an OTP, a next-token and a QR JWT once each', async () => {
    const otp = await alice.api.generateOtp({ type: 'WEBVIEW' });
    const next = await alice.api.getNexToken({});
    const jwt = await alice.api.getJwt({});
    if (!otp.ok || !next.ok || !jwt.ok) throw new Error('token calls failed');
    expect(jwt.data.jwt.split('.')).toHaveLength(3);
    expect((await loginWithToken('alice', otp.data.otp, 'OTP')).ok).toBe(true);
    expect((await loginWithToken('alice', next.data.token, 'NEXTOKEN')).ok).toBe(true);
    expect((await loginWithToken('alice', jwt.data.jwt, 'JWT')).ok).toBe(true);
    expect(errorCode(await loginWithToken('alice', otp.data.otp, 'OTP'))).toBe('UI_IM_E2009');
    expect(errorCode(await loginWithToken('alice', 'made-up-token'))).toBe('UI_IM_E2009');
  });

  it('hands a QR login page an AUTH_OTP through the qrtoken topic', async () => {
    const qrToken = randomUUID().replace(/-/g, '');
    // The page holds the token by subscribing on the login socket (docs/security.md, finding 10).
    const page = await listen<{ notifyType?: string; status?: string; data: { token: string; type: string; loginName: string } }>(
      server.url,
      null,
      qrTokenTopic(qrToken),
    );
    const sent = await bob.api.sendNexToken({ token: qrToken });
    expect(sent.ok && sent.data.loginName).toBe('bob');
    const notification = await page.next((body) => body.notifyType === 'AUTH_OTP_GENERATED');
    await page.close();
    // The page hears its own QR token first (ttl, remainingCount, status), then exactly one notification.
    expect(page.messages.filter((body) => body.status === undefined)).toHaveLength(1);
    expect(notification.notifyType).toBe('AUTH_OTP_GENERATED');
    expect(notification.data.type).toBe('AUTH_OTP');
    expect((await loginWithToken(notification.data.loginName, notification.data.token, 'AUTH_OTP')).ok).toBe(true);
  });
});

describe('directory', () => {
  it('pages the account list by 30 and filters by name', async () => {
    const first = await alice.api.getAccountList({ pageInfo: { pageNo: 1, pageSize: 30 } });
    const second = await alice.api.getAccountList({ pageInfo: { pageNo: 2, pageSize: 30 } });
    if (!first.ok || !second.ok) throw new Error('list failed');
    expect(first.data.accounts).toHaveLength(30);
    expect(first.data.stillHaveData).toBe(true);
    // 36 others (bob and 35 staff); alice herself is left out.
    expect(second.data.accounts).toHaveLength(6);
    expect(second.data.stillHaveData).toBe(false);
    const ids = [...first.data.accounts, ...second.data.accounts].map((a) => a.accountId);
    expect(new Set(ids).size).toBe(36);
    expect(ids).not.toContain(alice.accountId);

    const withSelf = await alice.api.getAccountList({ pageInfo: { pageNo: 2, pageSize: 30 }, withSelfAccount: true });
    expect(withSelf.ok && withSelf.data.accounts).toHaveLength(7);

    const filtered = await alice.api.getAccountList({ pageInfo: { pageNo: 1, pageSize: 30 }, filterOfName: 'member 1' });
    if (!filtered.ok) throw new Error('filter failed');
    expect(filtered.data.accounts.map((a) => a.userFullname)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Staff Member 1${i}`),
    );

    const byId = await alice.api.getAccountList({ pageInfo: { pageNo: 1, pageSize: 30 }, accountIds: [bob.accountId] });
    expect(byId.ok && byId.data.accounts.map((a) => a.loginName)).toEqual(['bob']);
  });

  it("finds people by the caller's own synonyms for them, never by another user's", async () => {
    const staff07 = await alice.api.getAccountList({ pageInfo: { pageNo: 1, pageSize: 30 }, filterOfName: 'staff07' });
    const target = staff07.ok ? staff07.data.accounts[0]?.accountId : undefined;
    if (!target) throw new Error('no staff07');
    expect((await alice.api.updateAccountSynonym({ synAccountId: target, synonym: 'Night Owl_1%' })).ok).toBe(true);
    const names = async (client: SignedInClient, filterOfName: string) => {
      const list = await client.api.getAccountList({ pageInfo: { pageNo: 1, pageSize: 30 }, filterOfName });
      if (!list.ok) throw new Error('list failed');
      return list.data.accounts.map((a) => [a.loginName, a.synonym ?? null]);
    };
    const advanced = async (client: SignedInClient, value: string) => {
      const found = await client.api.advancedSearch({ searchCriteria: [{ fieldName: 'userFullname', values: [value] }] });
      if (!found.ok) throw new Error('advanced search failed');
      return found.data.accounts.map((a) => a.loginName);
    };
    // Any part, any case; LIKE's wildcards in the synonym are plain characters.
    expect(await names(alice, 'night OWL')).toEqual([['staff07', 'Night Owl_1%']]);
    expect(await names(alice, 'owl_1%')).toEqual([['staff07', 'Night Owl_1%']]);
    expect(await names(alice, 'owl_2')).toEqual([]);
    expect(await advanced(alice, 'owl')).toEqual(['staff07']);
    // Bob searching the same words finds no one, and sees no synonym on anyone.
    expect(await names(bob, 'night owl')).toEqual([]);
    expect(await advanced(bob, 'owl')).toEqual([]);
    expect(await names(bob, 'staff07')).toEqual([['staff07', null]]);
    expect((await alice.api.removeAccountSynonym({ synAccountId: target })).ok).toBe(true);
    expect(await names(alice, 'night owl')).toEqual([]);
  });

  it('marks favourites and lists tenants', async () => {
    expect((await alice.api.addAccountFavContact({ accountIds: [bob.accountId] })).ok).toBe(true);
    const info = await alice.api.getOtherAccountInfo({ accountIds: [bob.accountId] });
    expect(info.ok && info.data.accounts[0]?.isFavourite).toBe(true);
    expect((await alice.api.removeAccountFavContact({ accountIds: [bob.accountId] })).ok).toBe(true);
    const after = await alice.api.getOtherAccountInfo({ accountIds: [bob.accountId] });
    expect(after.ok && after.data.accounts[0]?.isFavourite).toBe(false);
    const tenants = await alice.api.getTenants({});
    expect(tenants.ok && tenants.data.tenants.length).toBeGreaterThan(0);
  });
});

describe('privacy and presence', () => {
  it('hides the last-online time from others when viewPresence is NONE', async () => {
    const before = await alice.api.checkAccountOnlineStatus({ accountIds: [bob.accountId] });
    if (!before.ok) throw new Error('status failed');
    expect(before.data.onlineStatuses[0]).toMatchObject({ accountId: bob.accountId, online: true });
    expect(before.data.onlineStatuses[0]?.lastOnlineTime).toBeTypeOf('number');

    expect((await bob.api.updateAccountPrivacyViewPresence({ viewPresence: 'NONE' })).ok).toBe(true);
    const privacy = await bob.api.getAccountPrivacy({});
    expect(privacy.ok && privacy.data.viewPresence).toBe('NONE');

    const hidden = await alice.api.checkAccountOnlineStatus({ accountIds: [bob.accountId] });
    if (!hidden.ok) throw new Error('status failed');
    expect(hidden.data.onlineStatuses[0]?.lastOnlineTime).toBeUndefined();
    expect(hidden.data.onlineStatuses[0]?.online).toBe(false);
    // Bob still sees his own.
    const own = await bob.api.checkAccountOnlineStatus({ accountIds: [bob.accountId] });
    expect(own.ok && own.data.onlineStatuses[0]?.lastOnlineTime).toBeTypeOf('number');

    // FAVOURITE: only those in Bob's favourites see it.
    await bob.api.updateAccountPrivacyViewPresence({ viewPresence: 'FAVOURITE' });
    const notFavourite = await alice.api.checkAccountOnlineStatus({ accountIds: [bob.accountId] });
    expect(notFavourite.ok && notFavourite.data.onlineStatuses[0]?.lastOnlineTime).toBeUndefined();
    await bob.api.addAccountFavContact({ accountIds: [alice.accountId] });
    const favourite = await alice.api.checkAccountOnlineStatus({ accountIds: [bob.accountId] });
    expect(favourite.ok && favourite.data.onlineStatuses[0]?.lastOnlineTime).toBeTypeOf('number');
    await bob.api.updateAccountPrivacyViewPresence({ viewPresence: 'ALL' });
  });
});

describe('names', () => {
  it('keeps a custom display name of up to 30 characters', async () => {
    const ok = await alice.api.updateCustomDisplayName({ customDisplayName: 'A'.repeat(30) });
    expect(ok.ok).toBe(true);
    const profile = await alice.api.getAccountProfile({});
    expect(profile.ok && profile.data.accountInfo.customDisplayName).toBe('A'.repeat(30));

    const tooLong = await alice.api.updateCustomDisplayName({ customDisplayName: 'A'.repeat(31) });
    expect(tooLong.ok).toBe(false);
    if (!tooLong.ok) expect(tooLong.httpStatus).toBe(400);
    // The maximum is the validators' (schema maxLength with x-error NAME_LENGTH), the same seed text as a blank name.
    expect(errorCode(tooLong)).toBe('UI_IM_E3006');
    expect(errorCode(await alice.api.updateSearchName({ searchName: 'A'.repeat(26) }))).toBe('UI_IM_E3006');
    expect(errorCode(await alice.api.updateAccountSynonym({ synAccountId: bob.accountId, synonym: 'A'.repeat(26) }))).toBe('UI_IM_E3006');
    const blank = await alice.api.updateCustomDisplayName({ customDisplayName: '   ' });
    expect(errorCode(blank)).toBe('UI_IM_E3006');
    const synonym = await alice.api.updateAccountSynonym({ synAccountId: bob.accountId, synonym: '  ' });
    expect(errorCode(synonym)).toBe('UI_IM_E3006');

    expect((await alice.api.updateAccountSynonym({ synAccountId: bob.accountId, synonym: 'Bobby' })).ok).toBe(true);
    const info = await alice.api.getOtherAccountInfo({ accountIds: [bob.accountId] });
    expect(info.ok && info.data.accounts[0]?.synonym).toBe('Bobby');
    const mine = await alice.api.getAccountSynonyms({});
    expect(mine.ok && mine.data.synonyms).toEqual([{ synAccountId: bob.accountId, synonym: 'Bobby' }]);
    const bobs = await bob.api.getAccountSynonyms({});
    expect(bobs.ok && bobs.data.synonyms).toEqual([]);
    expect((await alice.api.removeAccountSynonym({ synAccountId: bob.accountId })).ok).toBe(true);
    const after = await alice.api.getAccountSynonyms({});
    expect(after.ok && after.data.synonyms).toEqual([]);
  });
});

describe('profile, search and versions', () => {
  it('changes directory fields of a local account, but never the login name', async () => {
    expect((await alice.api.updateAccountProfile({ type: 'POST_TITLE', field: 'postTitle', value: 'Nurse Manager' })).ok).toBe(true);
    const profile = await alice.api.getAccountProfile({});
    expect(profile.ok && profile.data.accountInfo.postTitle).toBe('Nurse Manager');
    const login = await alice.api.updateAccountProfile({ type: 'LOGIN_NAME', field: 'loginName', value: 'mallory' });
    expect(errorCode(login)).toBe('UI_IM_E1003');
    const email = await alice.api.updateAccountProfile({ type: 'EMAIL', field: 'emailAddr', value: 'not an address' });
    expect(errorCode(email)).toBe('UI_IM_E1000');
  });

  it('finds accounts by the advanced search criteria', async () => {
    const criteria = await bob.api.getAdvancedAccountSearchCriteria({});
    expect(criteria.ok && criteria.data.searchCriteria.map((c) => c.fieldName)).toContain('postTitle');
    const found = await bob.api.advancedSearch({ searchCriteria: [{ fieldName: 'postTitle', values: ['nurse'] }] });
    expect(found.ok && found.data.accounts.map((a) => a.loginName)).toEqual(['alice']);
    const unknown = await bob.api.advancedSearch({ searchCriteria: [{ fieldName: 'password_hash', values: ['x'] }] });
    expect(errorCode(unknown)).toBe('UI_IM_E1000');
  });

  it('matches every name a person goes by in the Name field, as the name filter does, and only there', async () => {
    await createTestAccount(server, { loginName: 'dora', fullName: 'Dora Diaz' });
    const doraClient = await signInAs(server.url, 'dora', TEST_PASSWORD);
    expect((await doraClient.api.updateCustomDisplayName({ customDisplayName: 'Sunny D' })).ok).toBe(true);
    expect((await doraClient.api.updateSearchName({ searchName: 'ward9 desk' })).ok).toBe(true);
    expect((await alice.api.updateAccountSynonym({ synAccountId: doraClient.accountId, synonym: 'Moonbeam' })).ok).toBe(true);
    const search = async (client: SignedInClient, fieldName: string, value: string) => {
      const found = await client.api.advancedSearch({ searchCriteria: [{ fieldName, values: [value] }] });
      if (!found.ok) throw new Error('advanced search failed');
      return found.data.accounts.map((a) => a.loginName);
    };
    const filter = async (client: SignedInClient, filterOfName: string) => {
      const list = await client.api.getAccountList({ pageInfo: { pageNo: 1, pageSize: 30 }, filterOfName });
      if (!list.ok) throw new Error('list failed');
      return list.data.accounts.map((a) => a.loginName);
    };
    for (const name of ['diaz', 'sunny', 'WARD9', 'moonbeam']) {
      expect(await search(alice, 'userFullname', name)).toEqual(['dora']);
      expect(await filter(alice, name)).toEqual(['dora']);
    }
    // A synonym is the searcher's own name for someone: it is no login name, title, address, e-mail or number.
    for (const field of ['loginName', 'postTitle', 'officeAddr', 'emailAddr', 'telNo']) expect(await search(alice, field, 'moonbeam')).toEqual([]);
    expect(await search(bob, 'userFullname', 'moonbeam')).toEqual([]);
    expect(await search(bob, 'userFullname', 'sunny')).toEqual(['dora']);
    expect((await alice.api.removeAccountSynonym({ synAccountId: doraClient.accountId })).ok).toBe(true);
  });

  it('pages the advanced search as the account list does', async () => {
    for (const n of [1, 2, 3]) await createTestAccount(server, { loginName: `pager${n}`, fullName: `Pager ${n}` });
    const page = (pageNo: number, pageSize: number) => bob.api.advancedSearch({ searchCriteria: [{ fieldName: 'loginName', values: ['pager'] }], pageInfo: { pageNo, pageSize } });
    const first = await page(1, 2);
    expect(first.ok && first.data.accounts.map((a) => a.loginName)).toEqual(['pager1', 'pager2']);
    expect(first.ok && first.data.stillHaveData).toBe(true);
    const second = await page(2, 2);
    expect(second.ok && second.data.accounts.map((a) => a.loginName)).toEqual(['pager3']);
    expect(second.ok && second.data.stillHaveData).toBe(false);
    const tooBig = await page(1, 201);
    expect(tooBig.ok).toBe(false);
    if (!tooBig.ok) expect(tooBig.httpStatus).toBe(400);
  });

  it('reports a forced update with its deadline', async () => {
    const deadline = new Date('2030-01-01T00:00:00Z');
    await server.app.ctx.repos.appVersions.upsert({ appPlatform: 'WEB', versionNumber: '1.0.16', buildVersion: 19 });
    await server.app.ctx.repos.appVersions.upsert({
      appPlatform: 'WEB',
      versionNumber: '1.0.17',
      buildVersion: 20,
      isForceUpd: true,
      forceUpdDeadline: deadline,
      versionUpdateUrl: 'https://example.com/update',
    });
    const api = anonymousApi(server.url);
    const check = await api.checkAppVersion({ appPlatform: 'WEB', buildVersion: 18 });
    if (!check.ok) throw new Error('check failed');
    expect(check.data.appVersionItems?.map((v) => v.buildVersion)).toEqual([20, 19]);
    expect(check.data.appUpdate).toMatchObject({ isForceUpd: true, forceUpdDeadline: deadline.getTime(), updUrl: 'https://example.com/update' });
    const current = await api.checkAppVersion({ appPlatform: 'WEB', buildVersion: 20 });
    expect(current.ok && current.data.appUpdate?.isForceUpd).toBe(false);
    const versions = await api.getAppVersions({});
    expect(versions.ok && versions.data.appVersions).toHaveLength(2);
  });

  it('delays password guessing from one address after the free attempts (tests/security/login-throttle.test.ts)', async () => {
    await createTestAccount(server, { loginName: 'target' });
    const api = anonymousApi(server.url);
    for (let i = 0; i <= THROTTLE.pair.free; i++) {
      const wrong = await api.updatePassword({ loginName: 'target', oldPassword: `guess${i}`, newPassword: 'x1', newConfirmPassword: 'x1' });
      expect(errorCode(wrong)).toBe('UI_IM_E2003');
    }
    const blocked = await api.updatePassword({ loginName: 'target', oldPassword: TEST_PASSWORD, newPassword: 'x1', newConfirmPassword: 'x1' });
    expect(errorCode(blocked)).toBe('UI_IM_E1007');
    if (!blocked.ok) expect(blocked.httpStatus).toBe(429);
  });
});

describe('profile image', () => {
  it('saves, reads and removes the picture with a thumbnail of at most 300x500', async () => {
    const original = await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 200, g: 40, b: 90 } } })
      .jpeg()
      .toBuffer();
    const saved = await alice.api.saveAccountProfileImage({}, { files: [new Blob([original], { type: 'image/jpeg' })] });
    expect(saved.ok).toBe(true);

    const got = await bob.api.getAccountProfileImage({ accountIds: [alice.accountId], isFull: true });
    if (!got.ok) throw new Error('get failed');
    const entry = got.data.profileImages[0]!;
    expect(entry.visible).toBe(true);
    const full = Buffer.from(entry.img!, 'base64');
    const thumbnail = Buffer.from(entry.img_tn!, 'base64');
    const thumbMeta = await sharp(thumbnail).metadata();
    expect(thumbMeta.width).toBeLessThanOrEqual(300);
    expect(thumbMeta.height).toBeLessThanOrEqual(500);
    expect(thumbnail.length).toBeLessThan(full.length);
    expect((await sharp(full).metadata()).width).toBe(1200);

    const notAnImage = await alice.api.saveAccountProfileImage({}, { files: [new Blob([Buffer.from('hello')], { type: 'image/png' })] });
    expect(errorCode(notAnImage)).toBe('UI_IM_E4009');

    expect((await alice.api.removeAccountProfileImage({})).ok).toBe(true);
    const removed = await bob.api.getAccountProfileImage({ accountIds: [alice.accountId], isFull: true });
    expect(removed.ok && removed.data.profileImages[0]?.img_tn).toBeUndefined();
  });
});

describe('test crypto', () => {
  it('round-trips encrypt/decrypt and sign/verify on PEM text', async () => {
    const api = anonymousApi(server.url);
    const pair = await api.testGenerateKeyPair({});
    if (!pair.ok) throw new Error('no key pair');
    expect(pair.data.publicKeyPem).toContain('BEGIN PUBLIC KEY');
    const encrypted = await api.testEncrypt({ publicKeyPem: pair.data.publicKeyPem, plainText: '你好, chat' });
    if (!encrypted.ok) throw new Error('encrypt failed');
    const decrypted = await api.testDecrypt({ privateKeyPem: pair.data.privateKeyPem, cryptoText: encrypted.data.cryptoText });
    expect(decrypted.ok && decrypted.data.decryptText).toBe('你好, chat');
    const signed = await api.testSign({ privateKeyPem: pair.data.privateKeyPem, plainText: 'sign me' });
    if (!signed.ok) throw new Error('sign failed');
    const valid = await api.testVerify({ publicKeyPem: pair.data.publicKeyPem, plainText: 'sign me', signature: signed.data.signature });
    expect(valid.ok && valid.data.valid).toBe(true);
    const invalid = await api.testVerify({ publicKeyPem: pair.data.publicKeyPem, plainText: 'sign me!', signature: signed.data.signature });
    expect(invalid.ok && invalid.data.valid).toBe(false);
    const badKey = await api.testEncrypt({ publicKeyPem: 'not a key', plainText: 'x' });
    expect(errorCode(badKey)).toBe('UI_IM_E1000');
  });
});
