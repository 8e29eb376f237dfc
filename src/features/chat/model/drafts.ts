// Unsent text per room: kept while the user switches rooms and across reloads of the tab (sessionStorage, so it
// goes with the tab), keyed by account so another sign-in never sees it, and wiped when the session ends.
const PREFIX = 'chatgen.draft.';

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

const store = (): StorageLike | null => {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null; // storage disabled: drafts live only as long as the composer
  }
};

const keyOf = (accountId: string, roomId: string) => `${PREFIX}${accountId}.${roomId}`;

export function readDraft(accountId: string, roomId: string, storage: StorageLike | null = store()): string {
  return storage?.getItem(keyOf(accountId, roomId)) ?? '';
}

export function writeDraft(accountId: string, roomId: string, text: string, storage: StorageLike | null = store()): void {
  if (!storage) return;
  if (text.trim() === '') storage.removeItem(keyOf(accountId, roomId));
  else storage.setItem(keyOf(accountId, roomId), text);
}

/** Removes every draft of the account (the session ended). */
export function clearDrafts(accountId: string, storage: StorageLike | null = store()): void {
  if (!storage) return;
  const mine: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key?.startsWith(`${PREFIX}${accountId}.`)) mine.push(key);
  }
  for (const key of mine) storage.removeItem(key);
}
