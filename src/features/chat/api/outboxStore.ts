// Where the outbox lives between page loads: IndexedDB `chatgen-outbox` (one record per unsent message, files as
// Blobs), or memory where there is no IndexedDB. Entries hold the plaintext until sent, so every end of the
// session deletes the account's entries (as the session itself is deleted).
import { idbRequest, idbTransactionDone } from '../../../core/storage/idb.ts';
import type { OutboxEntry } from '../model/outbox.ts';

export interface OutboxStore {
  all(accountId: string): Promise<OutboxEntry[]>;
  has(localId: string): Promise<boolean>;
  put(entry: OutboxEntry): Promise<void>;
  remove(localId: string): Promise<void>;
  clear(accountId: string): Promise<void>;
}

const DATABASE = 'chatgen-outbox';
const STORE = 'entries';

export class IndexedDbOutboxStore implements OutboxStore {
  private opening: Promise<IDBDatabase> | null = null;

  constructor(private readonly factory: IDBFactory) {}

  private database(): Promise<IDBDatabase> {
    this.opening ??= new Promise<IDBDatabase>((resolve, reject) => {
      const open = this.factory.open(DATABASE, 1);
      open.onupgradeneeded = () => open.result.createObjectStore(STORE, { keyPath: 'localId' }).createIndex('accountId', 'accountId');
      open.onsuccess = () => {
        const db = open.result;
        db.onversionchange = () => {
          db.close();
          this.opening = null;
        };
        resolve(db);
      };
      open.onerror = () => reject(open.error ?? new Error('IndexedDB open failed'));
    }).catch((error: unknown) => {
      this.opening = null;
      throw error;
    });
    return this.opening;
  }

  async all(accountId: string): Promise<OutboxEntry[]> {
    const db = await this.database();
    return (await idbRequest(db.transaction(STORE, 'readonly').objectStore(STORE).index('accountId').getAll(accountId))) as OutboxEntry[];
  }

  async has(localId: string): Promise<boolean> {
    const db = await this.database();
    return (await idbRequest(db.transaction(STORE, 'readonly').objectStore(STORE).count(localId))) > 0;
  }

  async put(entry: OutboxEntry): Promise<void> {
    const db = await this.database();
    const tx = db.transaction(STORE, 'readwrite');
    tx.objectStore(STORE).put(entry);
    await idbTransactionDone(tx);
  }

  async remove(localId: string): Promise<void> {
    const db = await this.database();
    const tx = db.transaction(STORE, 'readwrite');
    tx.objectStore(STORE).delete(localId);
    await idbTransactionDone(tx);
  }

  async clear(accountId: string): Promise<void> {
    const db = await this.database();
    const tx = db.transaction(STORE, 'readwrite');
    const index = tx.objectStore(STORE).index('accountId');
    const keys = await idbRequest(index.getAllKeys(accountId));
    for (const key of keys) tx.objectStore(STORE).delete(key);
    await idbTransactionDone(tx);
  }
}

export class MemoryOutboxStore implements OutboxStore {
  private readonly entries = new Map<string, OutboxEntry>();
  all = async (accountId: string) => [...this.entries.values()].filter((entry) => entry.accountId === accountId);
  has = async (localId: string) => this.entries.has(localId);
  put = async (entry: OutboxEntry) => void this.entries.set(entry.localId, entry);
  remove = async (localId: string) => void this.entries.delete(localId);
  clear = async (accountId: string) => {
    for (const [id, entry] of this.entries) if (entry.accountId === accountId) this.entries.delete(id);
  };
}

export function browserOutboxStore(): OutboxStore {
  return typeof indexedDB === 'undefined' ? new MemoryOutboxStore() : new IndexedDbOutboxStore(indexedDB);
}
