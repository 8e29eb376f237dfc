import { IDBFactory } from 'fake-indexeddb';
import { beforeAll, describe, expect, it } from 'vitest';
import { fromBase64, utf8Encode } from '../crypto/bytes.ts';
import { deviceKeysFromPem, generateDeviceKeys, rsaSign, rsaVerify, type DeviceKeys } from '../crypto/rsa.ts';
import { keys, signatureVectors } from '../testing/vectors.ts';
import { IndexedDbSessionVault, isStoredSession, type StoredSession } from './session-vault.ts';

let device: DeviceKeys;
beforeAll(async () => {
  device = await deviceKeysFromPem(keys.device);
});

const session = (over: Partial<StoredSession> = {}): StoredSession => ({
  version: 1,
  sessionId: 's-1',
  loginName: 'alice',
  deviceId: 'device-1',
  accountId: '1001',
  apiKey: 'api-1',
  mqSysName: 'chatsys',
  userPublicKeyPem: keys.user.publicKeyPem,
  deviceKeys: device,
  savedAt: 1_700_000_000_000,
  ...over,
});

/** Raw access to the same database, as another version of the app (or a damaged profile) would leave it. */
async function putRaw(factory: IDBFactory, value: unknown): Promise<void> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const open = factory.open('chatgen-session', 1);
    open.onupgradeneeded = () => open.result.createObjectStore('session');
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  await new Promise<void>((resolve, reject) => {
    const tx = db.transaction('session', 'readwrite');
    tx.objectStore('session').put(value, 'current');
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
  db.close();
}

describe('IndexedDbSessionVault', () => {
  it('keeps the session, its device keys still usable and still non-extractable, across vaults (reload, other tab)', async () => {
    const factory = new IDBFactory();
    const firstTab = new IndexedDbSessionVault(factory);
    expect(await firstTab.load()).toBeNull();
    await firstTab.save(session());

    const afterReload = await new IndexedDbSessionVault(factory).load();
    expect(afterReload).toMatchObject({ sessionId: 's-1', loginName: 'alice', apiKey: 'api-1', accountId: '1001' });
    const restored = afterReload!.deviceKeys;
    expect(restored.signingKey.extractable).toBe(false);
    expect(restored.decryptionKey.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('pkcs8', restored.signingKey)).rejects.toThrow();
    const v = signatureVectors.find((s) => s.key === 'device')!;
    const signature = await rsaSign(restored.signingKey, utf8Encode(v.messageUtf8));
    expect(await rsaVerify(keys.device.publicKeyPem, utf8Encode(v.messageUtf8), signature)).toBe(true);
    expect(signature).toEqual(fromBase64(v.signatureBase64));
  });

  it('a later login replaces the record; clear() empties it for every tab', async () => {
    const factory = new IDBFactory();
    const tabA = new IndexedDbSessionVault(factory);
    const tabB = new IndexedDbSessionVault(factory);
    await tabA.save(session());
    await tabB.save(session({ sessionId: 's-2', apiKey: 'api-2', deviceKeys: await generateDeviceKeys() }));
    expect((await tabA.load())?.sessionId).toBe('s-2');
    await tabA.clear();
    expect(await tabB.load()).toBeNull();
  });

  it('clearEnded removes only the session that ended and notes why, for every tab', async () => {
    const factory = new IDBFactory();
    const tabA = new IndexedDbSessionVault(factory);
    const tabB = new IndexedDbSessionVault(factory);
    await tabA.save(session());
    expect(await tabB.endedAs('s-1')).toBeNull();
    await tabA.clearEnded('s-1', 'loggedOut');
    expect(await tabB.load()).toBeNull();
    expect(await tabB.endedAs('s-1')).toBe('loggedOut');
    expect(await tabB.endedAs('s-2')).toBeNull();
    // A newer login stored meanwhile stays; the note is about the ended session only.
    await tabB.save(session({ sessionId: 's-2', apiKey: 'api-2' }));
    await tabA.clearEnded('s-1', 'expired');
    expect((await tabB.load())?.sessionId).toBe('s-2');
    expect(await tabB.endedAs('s-1')).toBe('expired');
  });

  it('drops a record that is not what this version writes instead of using it', async () => {
    const factory = new IDBFactory();
    const vault = new IndexedDbSessionVault(factory);
    await putRaw(factory, { ...session(), version: 0 });
    expect(await vault.load()).toBeNull();
    await putRaw(factory, { ...session(), deviceKeys: { ...device, signingKey: 'PEM text' } });
    expect(await vault.load()).toBeNull();
    await putRaw(factory, 'junk');
    expect(await vault.load()).toBeNull();
    // and it is gone, not just ignored
    await putRaw(factory, session());
    expect(await vault.load()).not.toBeNull();
  });
});

describe('isStoredSession', () => {
  it('refuses extractable keys and keys of the wrong use', async () => {
    const pair = await crypto.subtle.generateKey(
      { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) },
      true,
      ['sign', 'verify'],
    );
    expect(isStoredSession(session())).toBe(true);
    expect(isStoredSession(session({ deviceKeys: { ...device, signingKey: pair.privateKey } }))).toBe(false);
    expect(isStoredSession(session({ deviceKeys: { ...device, signingKey: device.decryptionKey } }))).toBe(false);
    expect(isStoredSession(session({ apiKey: '' }))).toBe(false);
  });
});
