// The outbox's binding to the page (the Outbox class, api/outbox.ts, does the work): one per signed-in chat room
// page, given the browser's store, the session's transport and socket, a Web Lock across tabs and a BroadcastChannel
// between them; the rooms read its state and call it through the context the chat room page provides.
import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { constants } from '@variant/constants';
import { ApiCallError } from '@generated/api/runtime';
import { AesKeyUnavailableError, serverNotReached } from '../../../core/index.ts';
import { shouldRetry } from '../../../core/query/query-client.ts';
import { showToast } from '../../../ui/index.ts';
import { useTranslation } from 'react-i18next';
import { chatServices } from '../../../core/session/services.ts';
import { currentRealtime, onSessionEnded } from '../../../core/session/live.ts';
import { useConnectionStatus, isLive } from '../../../core/session/connection.ts';
import { browserOutboxStore } from '../api/outboxStore.ts';
import { MAX_PAGES, MESSAGE_BATCH, setMessagePages } from '../api/messagePages.ts';
import { sendChecksum, sendMessage } from '../api/data.ts';
import { Outbox, type OutboxState } from '../api/outbox.ts';
import { appendNewest, atLiveEnd } from '../model/messagePages.ts';
import { outgoingOf } from '../model/outbox.ts';
import { clearDrafts } from '../model/drafts.ts';

const CHANNEL = 'chatgen-outbox';

export const OutboxContext = createContext<Outbox | null>(null);

const connected = () => currentRealtime()?.status === 'connected';

/**
 * Not reaching the server (network, 5xx, the room key not fetched for either): try again later, not a failure. A
 * room key the server refused (4xx: no longer a member of the room) is a refusal like a refused send; waiting would
 * only ask again at every try, for good.
 */
function unreachable(error: unknown): boolean {
  if (error instanceof AesKeyUnavailableError) return !error.result || error.result.ok || serverNotReached(error.result);
  return (error instanceof ApiCallError && shouldRetry(0, error)) || !connected();
}

function withSendLock(accountId: string, work: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(`chatgen-outbox-${accountId}`, () => work()).then(() => undefined) : work();
}

/** The page's outbox, wired to the browser and the session. */
function browserOutbox(onFailed: (file: boolean) => void): Outbox {
  const { accountId } = chatServices();
  // This page, so it does not reload on its own announcements (a BroadcastChannel reaches the page's other channels).
  const pageId = crypto.randomUUID();
  const hasChannel = typeof BroadcastChannel !== 'undefined';
  return new Outbox({
    accountId,
    store: browserOutboxStore(),
    send: (entry, onProgress) => sendMessage(outgoingOf(entry), entry.localId, onProgress),
    connected,
    unreachable,
    onSent: (entry, message) =>
      setMessagePages(chatServices().queryClient, entry.roomId, (data) => (data && atLiveEnd(data) ? appendNewest(data, [message], MESSAGE_BATCH, MAX_PAGES) : data)),
    onFailed: (entry) => onFailed(Boolean(entry.file)),
    checksum: sendChecksum,
    withLock: (work) => withSendLock(accountId, work),
    announce: () => {
      if (!hasChannel) return;
      const channel = new BroadcastChannel(CHANNEL);
      channel.postMessage(pageId);
      channel.close();
    },
    listen: (changed) => {
      if (!hasChannel) return () => undefined;
      const channel = new BroadcastChannel(CHANNEL);
      channel.onmessage = (event: MessageEvent<unknown>) => {
        if (event.data !== pageId) changed();
      };
      return () => channel.close();
    },
    retryMs: constants.socket.reconnectIntervalMs,
  });
}

/** Mounted once in the chat room page: makes the outbox, sends whenever the socket is live, forgets it at the end. */
export function useOutboxRunner(): Outbox {
  const { t } = useTranslation();
  const status = useConnectionStatus();
  const live = isLive(status);
  const translate = useRef(t);
  translate.current = t;
  const [outbox] = useState(() => browserOutbox((file) => showToast(file ? translate.current('errors.mediaUploadFail') : translate.current('errors.sendFailed'))));

  useEffect(() => {
    const { accountId } = chatServices();
    outbox.start();
    const offEnded = onSessionEnded(() => {
      void outbox.clear();
      clearDrafts(accountId);
    });
    return () => {
      offEnded();
      outbox.stop();
    };
  }, [outbox]);

  useEffect(() => {
    if (live) void outbox.drain();
  }, [live, outbox]);
  return outbox;
}

/** The page's outbox (inside the chat room page). */
export function useOutboxContext(): Outbox {
  const outbox = useContext(OutboxContext);
  if (!outbox) throw new Error('useOutbox outside the chat room page');
  return outbox;
}

/** The outbox's entries, their file bytes, upload progress and retries, as they change. */
export function useOutboxState(outbox: Outbox): OutboxState {
  return useStore(outbox.state);
}
