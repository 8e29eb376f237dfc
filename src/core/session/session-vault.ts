// Keeps the session across reloads and tabs of one browser: one IndexedDB record holding the device keys as
// non-extractable CryptoKeys (IndexedDB stores them by structured clone; nothing can read their bytes back), the
// api key, and the non-secret facts a resume needs. Never localStorage: that would take only text, so the private
// key would have to be exported.
import type { DeviceKeys } from '../crypto/rsa.ts';
import { idbRequest, idbTransactionDone } from '../storage/idb.ts';

export interface StoredSession {
  version: 1;
  sessionId: string;
  loginName: string;
  deviceId: string;
  accountId: string;
  apiKey: string;
  mqSysName: string;
  userPublicKeyPem: string;
  deviceKeys: DeviceKeys;
  /** When the login happened (ms since the epoch). */
  savedAt: number;
}

export interface SessionVault {
  load(): Promise<StoredSession | null>;
  save(session: StoredSession): Promise<void>;
  clear(): Promise<void>;
}

const DATABASE = 'chatgen-session';
const STORE = 'session';
const RECORD = 'current';

const isKey = (value: unknown, usage: KeyUsage): value is CryptoKey =>
  typeof CryptoKey !== 'undefined' && value instanceof CryptoKey && !value.extractable && value.type === 'private' && value.usages.includes(usage);

/** A record that is not exactly what this version writes (older, damaged, extractable keys) is not used. */
export function isStoredSession(value: unknown): value is StoredSession {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const keys = v.deviceKeys as Record<string, unknown> | undefined;
  const texts = ['sessionId', 'loginName', 'deviceId', 'accountId', 'apiKey', 'mqSysName', 'userPublicKeyPem'] as const;
  return (
    v.version === 1 &&
    texts.every((name) => typeof v[name] === 'string' && v[name] !== '') &&
    typeof v.savedAt === 'number' &&
    typeof keys === 'object' &&
    keys !== null &&
    typeof keys.publicKeyPem === 'string' &&
    isKey(keys.signingKey, 'sign') &&
    isKey(keys.decryptionKey, 'decrypt')
  );
}

export class IndexedDbSessionVault implements SessionVault {
  private opening: Promise<IDBDatabase> | null = null;

  constructor(private readonly factory: IDBFactory) {}

  private database(): Promise<IDBDatabase> {
    this.opening ??= new Promise<IDBDatabase>((resolve, reject) => {
      const open = this.factory.open(DATABASE, 1);
      open.onupgradeneeded = () => open.result.createObjectStore(STORE);
      open.onsuccess = () => {
        const db = open.result;
        // Another tab deleting or upgrading the database must not wait on this connection.
        db.onversionchange = () => {
          db.close();
          this.opening = null;
        };
        resolve(db);
      };
      open.onerror = () => reject(open.error ?? new Error('IndexedDB open failed'));
      open.onblocked = () => reject(new Error('IndexedDB open blocked'));
    }).catch((error: unknown) => {
      this.opening = null;
      throw error;
    });
    return this.opening;
  }

  async load(): Promise<StoredSession | null> {
    const db = await this.database();
    const record: unknown = await idbRequest(db.transaction(STORE, 'readonly').objectStore(STORE).get(RECORD));
    if (record === undefined) return null;
    if (isStoredSession(record)) return record;
    await this.clear();
    return null;
  }

  async save(session: StoredSession): Promise<void> {
    const db = await this.database();
    const tx = db.transaction(STORE, 'readwrite');
    tx.objectStore(STORE).put(session, RECORD);
    await idbTransactionDone(tx);
  }

  async clear(): Promise<void> {
    const db = await this.database();
    const tx = db.transaction(STORE, 'readwrite');
    tx.objectStore(STORE).delete(RECORD);
    await idbTransactionDone(tx);
  }
}

/** The page's vault, or null where there is no IndexedDB (Node, some private modes): sessions then last one page. */
export function browserSessionVault(): SessionVault | null {
  return typeof window === 'undefined' || typeof indexedDB === 'undefined' ? null : new IndexedDbSessionVault(indexedDB);
}
