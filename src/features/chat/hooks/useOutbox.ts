// The outbox of sends: what the user sent is stored first (IndexedDB, so a reload or a closed tab loses nothing),
// shown pending in its room, and sent one at a time in typed order while the socket is live. A send that cannot
// reach the server stays pending until the connection is back (or tried again after the reconnect interval); only
// a send the server refuses while connected is marked failed, with Resend. One tab of the browser sends at a time
// (a Web Lock), re-checking that an entry is still waiting, and the others reload what is left when told.
import { useEffect } from 'react';
import { create } from 'zustand';
import { constants } from '@variant/constants';
import { ApiCallError } from '@generated/api/runtime';
import { AesKeyUnavailableError, serverNotReached } from '../../../core/index.ts';
import { shouldRetry } from '../../../core/query/query-client.ts';
import { showToast } from '../../../ui/index.ts';
import { useTranslation } from 'react-i18next';
import { chatServices, currentRealtime, hasChatServices, onSessionEnded, useConnectionStatus, isLive } from '../../session/index.ts';
import { browserOutboxStore, type OutboxStore } from '../api/outboxStore.ts';
import { MAX_PAGES, MESSAGE_BATCH, setMessagePages } from '../api/messagePages.ts';
import { sendChecksum, sendMessage, type ChatMessage } from '../api/data.ts';
import { appendNewest, atLiveEnd } from '../model/messagePages.ts';
import { nextToSend, outgoingOf, sendOrder, type OutboxEntry } from '../model/outbox.ts';
import { clearDrafts } from '../model/drafts.ts';

interface OutboxState {
  entries: OutboxEntry[];
  /** Decrypted-side bytes of file entries, for showing them before they are sent. */
  fileBytes: Record<string, ChatMessage['fileBytes']>;
  progress: Record<string, number>;
}

export const useOutbox = create<OutboxState>(() => ({ entries: [], fileBytes: {}, progress: {} }));

let store: OutboxStore | null = null;
const outboxStore = (): OutboxStore => (store ??= browserOutboxStore());
const CHANNEL = 'chatgen-outbox';
let seq = 0;

/** This page, so it does not reload on its own announcements (a BroadcastChannel reaches the page's other channels). */
const pageId = typeof crypto === 'undefined' ? String(Math.random()) : crypto.randomUUID();
/** Entries this page sent or discarded: a reload that read the store just before cannot bring them back. */
const goneHere = new Set<string>();
/** Entries this page is still writing: a reload must not drop them for not being in the store yet. */
const savingHere = new Set<string>();

function announce(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(pageId);
  channel.close();
}

function setEntry(localId: string, change: Partial<OutboxEntry>): OutboxEntry | undefined {
  let updated: OutboxEntry | undefined;
  useOutbox.setState((state) => ({
    entries: state.entries.map((entry) => (entry.localId === localId ? (updated = { ...entry, ...change }) : entry)),
  }));
  return updated;
}

function dropEntry(localId: string): void {
  goneHere.add(localId);
  useOutbox.setState((state) => {
    const { [localId]: _bytes, ...fileBytes } = state.fileBytes;
    const { [localId]: _progress, ...progress } = state.progress;
    return { entries: state.entries.filter((entry) => entry.localId !== localId), fileBytes, progress };
  });
}

/** Reads the account's entries again (start-up, another tab changed them); one being sent here keeps its state. */
async function reload(accountId: string): Promise<void> {
  const stored = (await outboxStore().all(accountId)).filter((entry) => !goneHere.has(entry.localId));
  const sending = new Set(useOutbox.getState().entries.filter((entry) => entry.status === 'sending').map((entry) => entry.localId));
  const fileBytes: OutboxState['fileBytes'] = {};
  for (const entry of stored) {
    if (entry.file) fileBytes[entry.localId] = new Uint8Array(await entry.file.arrayBuffer());
  }
  useOutbox.setState((state) => {
    const storedIds = new Set(stored.map((entry) => entry.localId));
    const unsaved = state.entries.filter((entry) => savingHere.has(entry.localId) && !storedIds.has(entry.localId));
    return {
      entries: sendOrder([...stored.map((entry) => (sending.has(entry.localId) ? { ...entry, status: 'sending' as const } : entry)), ...unsaved]),
      fileBytes: { ...state.fileBytes, ...fileBytes },
    };
  });
}

/** Keeps a message in the outbox and sends it when it can. */
export async function enqueue(entry: Omit<OutboxEntry, 'localId' | 'createdAt' | 'seq' | 'status' | 'checksum'>): Promise<void> {
  const localId = `local-${crypto.randomUUID()}`;
  const full: OutboxEntry = { ...entry, localId, createdAt: Date.now(), seq: seq++, status: 'pending', checksum: await sendChecksum(entry.roomId, localId) };
  const bytes = entry.file ? new Uint8Array(await entry.file.arrayBuffer()) : undefined;
  useOutbox.setState((state) => ({
    entries: [...state.entries, full],
    fileBytes: bytes ? { ...state.fileBytes, [full.localId]: bytes } : state.fileBytes,
  }));
  savingHere.add(full.localId);
  // Without storage (quota, private mode) it still goes out from this page: it stays marked as this page's own.
  if (await outboxStore().put(full).then(() => true, () => false)) savingHere.delete(full.localId);
  announce();
  void drain();
}

export async function resendEntry(localId: string): Promise<void> {
  const entry = setEntry(localId, { status: 'pending' });
  if (entry) await outboxStore().put(entry).catch(() => undefined);
  void drain();
}

export async function discardEntry(localId: string): Promise<void> {
  dropEntry(localId);
  await outboxStore().remove(localId).catch(() => undefined);
  announce();
}

const connected = () => currentRealtime()?.status === 'connected';
/** Set by the runner with the page's translations: the toast of a send the server refused. */
let notifyRefused: (entry: OutboxEntry) => void = () => undefined;

/**
 * Not reaching the server (network, 5xx, the room key not fetched for either): try again later, not a failure. A
 * room key the server refused (4xx: no longer a member of the room) is a refusal like a refused send; waiting would
 * only ask again at every try, for good.
 */
function unreachable(error: unknown): boolean {
  if (error instanceof AesKeyUnavailableError) return !error.result || error.result.ok || serverNotReached(error.result);
  return (error instanceof ApiCallError && shouldRetry(0, error)) || !connected();
}
let draining = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

function withSendLock(accountId: string, work: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(`chatgen-outbox-${accountId}`, () => work()).then(() => undefined) : work();
}

/** Sends the waiting entries in order while the socket is live. */
export async function drain(): Promise<void> {
  if (draining || !hasChatServices() || !connected()) return;
  draining = true;
  const { accountId } = chatServices();
  try {
    await withSendLock(accountId, async () => {
      await reload(accountId).catch(() => undefined); // another tab may have sent some meanwhile
      for (;;) {
        if (!connected()) return;
        const next = nextToSend(useOutbox.getState().entries.filter((entry) => entry.accountId === accountId));
        if (!next) return;
        if (!savingHere.has(next.localId) && !(await outboxStore().has(next.localId).catch(() => true))) {
          dropEntry(next.localId);
          continue;
        }
        if (!(await sendOne(next))) return;
      }
    });
  } finally {
    draining = false;
  }
}

/** One send; false when the connection is gone (the entry stays pending and the drain stops). */
async function sendOne(entry: OutboxEntry): Promise<boolean> {
  setEntry(entry.localId, { status: 'sending' });
  try {
    const sent = await sendMessage(outgoingOf(entry), entry.localId, entry.file ? (fraction) => useOutbox.setState((state) => ({ progress: { ...state.progress, [entry.localId]: fraction } })) : undefined);
    await outboxStore().remove(entry.localId).catch(() => undefined);
    const bytes = useOutbox.getState().fileBytes[entry.localId];
    // The file bytes the user picked stay for display: the server copy is the same file.
    const shown: ChatMessage = bytes ? { ...sent, fileBytes: bytes } : sent;
    setMessagePages(chatServices().queryClient, entry.roomId, (data) => (data && atLiveEnd(data) ? appendNewest(data, [shown], MESSAGE_BATCH, MAX_PAGES) : data));
    dropEntry(entry.localId);
    announce();
    return true;
  } catch (error) {
    if (unreachable(error)) {
      setEntry(entry.localId, { status: 'pending' });
      clearTimeout(retryTimer);
      retryTimer = setTimeout(() => void drain(), constants.socket.reconnectIntervalMs);
      return false;
    }
    const failed = setEntry(entry.localId, { status: 'failed' });
    if (failed) await outboxStore().put(failed).catch(() => undefined);
    notifyRefused(entry);
    return true;
  }
}

/** Mounted once in the chat room page: loads the outbox, sends whenever the socket is live, forgets it at the end. */
export function useOutboxRunner(): void {
  const { t } = useTranslation();
  const status = useConnectionStatus();
  const live = isLive(status);

  useEffect(() => {
    notifyRefused = (entry) => showToast(entry.file ? t('errors.mediaUploadFail') : t('errors.sendFailed'));
  }, [t]);

  useEffect(() => {
    const { accountId } = chatServices();
    void reload(accountId).then(() => drain()).catch(() => undefined);
    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
    if (channel) {
      channel.onmessage = (event: MessageEvent<unknown>) => {
        if (event.data !== pageId) void reload(accountId).catch(() => undefined);
      };
    }
    const offEnded = onSessionEnded(() => {
      useOutbox.setState({ entries: [], fileBytes: {}, progress: {} });
      void outboxStore().clear(accountId).catch(() => undefined);
      clearDrafts(accountId);
    });
    return () => {
      channel?.close();
      offEnded();
      clearTimeout(retryTimer);
    };
  }, []);

  useEffect(() => {
    if (live) void drain();
  }, [live]);
}
