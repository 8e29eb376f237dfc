// Keeps the session across reloads and tabs of one browser: one IndexedDB record holding the device keys as
// non-extractable CryptoKeys (IndexedDB stores them by structured clone; nothing can read their bytes back), the
// api key, and the non-secret facts a resume needs. Never localStorage: that would take only text, so the private
// key would have to be exported.
import type { DeviceKeys } from '../crypto/rsa.ts';
import { idbRequest, idbTransactionDone } from '../storage/idb.ts';
import { isSessionEndCause, type SessionEndCause } from './session-channel.ts';

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
  /**
   * Removes the stored session and notes that it ended and why, in one write. A tab that logs out writes it before
   * it tells the server, so another tab refused by the server for that session can read why (endedAs) even when the
   * BroadcastChannel message has not reached it yet.
   */
  clearEnded(sessionId: string, cause: SessionEndCause): Promise<void>;
  /** Why the session ended, when a tab of this browser noted it (clearEnded); null otherwise. */
  endedAs(sessionId: string): Promise<SessionEndCause | null>;
}

const DATABASE = 'chatgen-session';
const STORE = 'session';
const RECORD = 'current';
/** The last session a tab of this browser ended on purpose: { sessionId, cause }. */
const ENDED = 'ended';

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

  async clearEnded(sessionId: string, cause: SessionEndCause): Promise<void> {
    const db = await this.database();
    const tx = db.transaction(STORE, 'readwrite');
    const store = tx.objectStore(STORE);
    const done = idbTransactionDone(tx);
    // Only the session that ends: a login in another tab may have stored a newer one meanwhile.
    const current = store.get(RECORD);
    current.onsuccess = () => {
      const record: unknown = current.result;
      if ((record as { sessionId?: unknown } | undefined)?.sessionId === sessionId) store.delete(RECORD);
    };
    store.put({ sessionId, cause }, ENDED);
    await done;
  }

  async endedAs(sessionId: string): Promise<SessionEndCause | null> {
    const db = await this.database();
    const record: unknown = await idbRequest(db.transaction(STORE, 'readonly').objectStore(STORE).get(ENDED));
    const ended = record as { sessionId?: unknown; cause?: unknown } | undefined;
    return ended?.sessionId === sessionId && isSessionEndCause(ended.cause) ? ended.cause : null;
  }
}

/** The page's vault, or null where there is no IndexedDB (Node, some private modes): sessions then last one page. */
export function browserSessionVault(): SessionVault | null {
  return typeof window === 'undefined' || typeof indexedDB === 'undefined' ? null : new IndexedDbSessionVault(indexedDB);
}
