import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../model/outbox.ts';
import { IndexedDbOutboxStore, MemoryOutboxStore, type OutboxStore } from './outboxStore.ts';

const entry = (localId: string, accountId: string): OutboxEntry => ({
  localId,
  accountId,
  roomId: '3',
  createdAt: 1000,
  seq: 0,
  status: 'pending',
  type: 'TEXT',
  text: 'Ward 7 handover',
  senderName: 'Alice Chan',
});

describe.each([
  ['IndexedDB', () => new IndexedDbOutboxStore(new IDBFactory())],
  ['memory', () => new MemoryOutboxStore()],
])('outbox store (%s)', (_name, make: () => OutboxStore) => {
  it('keeps entries per account until sent or the session ends', async () => {
    const store = make();
    await store.put(entry('a', '7'));
    await store.put(entry('b', '7'));
    await store.put(entry('c', '8'));
    expect((await store.all('7')).map((e) => e.localId).sort()).toEqual(['a', 'b']);
    expect(await store.has('a')).toBe(true);
    await store.put({ ...entry('a', '7'), status: 'failed' });
    expect((await store.all('7')).find((e) => e.localId === 'a')?.status).toBe('failed');
    await store.remove('a');
    expect(await store.has('a')).toBe(false);
    await store.clear('7');
    expect(await store.all('7')).toEqual([]);
    expect((await store.all('8')).map((e) => e.localId)).toEqual(['c']); // another account's are not touched
  });
});
