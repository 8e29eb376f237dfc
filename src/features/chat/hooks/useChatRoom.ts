// State of the open room: the message window (useInfiniteQuery, 25 per page, at most 200 kept, sliding both ways),
// the room's outbox entries (pending or failed sends) after it, read marks (every unread message of the room once it is shown at its newest) and the
// realtime updates of this room.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../ui/index.ts';
import { roomReadHere } from '../../roomlist/index.ts';
import { chatServices, displayNameOf, useProfile } from '../../session/index.ts';
import { fetchMessagePage, fetchPagesAround, MAX_PAGES, MESSAGE_BATCH, messagePagesKey, messagePagesOf, messagePagesQuery, setMessagePages, unreadIdsFrom } from '../api/messagePages.ts';
import { markRead, type ChatMessage, type OutgoingMessage } from '../api/data.ts';
import { discardEntry, enqueue, resendEntry, useOutbox } from './useOutbox.ts';
import { entryAsMessage, notYetShown, sendOrder } from '../model/outbox.ts';
import { allMessages, appendNewest, atLiveEnd, newestMessageId, removeFromPages, tickInPages, updateInPages, type MessagePages } from '../model/messagePages.ts';
import { tickMovesForward, type DeliveryTick } from '../model/deliveryTicks.ts';
import { deletionOf } from '../model/deletions.ts';
import { useJumpStore } from './jumpStore.ts';
import { coalescedTask } from '../../../core/coalesced-task.ts';
import { noticePatches, type DataChange, type NoticePatches } from '../../../core/query/notice-patches.ts';

const MARK_CHUNK = 200;

export interface ChatRoomState {
  messages: ChatMessage[];
  firstUnreadMessageId: string | null;
  loaded: boolean;
  loadingOlder: boolean;
  loadingNewer: boolean;
  hasOlder: boolean;
  hasNewer: boolean;
  /** The message to scroll to and highlight (a jump from the search results or the starred list). */
  focus: { messageId: string; seq: number } | null;
}

export function useChatRoom(roomId: string) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(messagePagesQuery(roomId));
  const outbox = useOutbox();
  const { data: profile } = useProfile();
  const [firstUnreadMessageId, setFirstUnread] = useState<string | null>(null);
  const requestedReads = useRef(new Set<string>());
  const fillAfterPageLoad = useRef(false);
  /** Ticks that arrived before their message was in the window (read right after sending): applied when it is. */
  const earlyTicks = useRef(new Map<string, DeliveryTick>());
  // Changes from notices (ticks, deletions, stars, votes, read marks) are made again after a page fetch that was on
  // its way: its answer is built on the pages as they were when it began.
  const patches = useRef<NoticePatches<MessagePages<ChatMessage>> | null>(null);
  useEffect(() => {
    const kept = noticePatches<MessagePages<ChatMessage>>(queryClient, messagePagesKey(roomId));
    patches.current = kept;
    return () => {
      kept.dispose();
      patches.current = null;
    };
  }, [queryClient, roomId]);
  const patchPages = useCallback(
    (change: DataChange<MessagePages<ChatMessage>>) => (patches.current ? patches.current.patch(change) : setMessagePages(queryClient, roomId, change)),
    [queryClient, roomId],
  );

  const server = useMemo(() => allMessages(query.data), [query.data]);
  const pending = useMemo(() => {
    const shown = new Set(server.map((message) => message.messageChecksum).filter((checksum) => checksum !== undefined));
    return sendOrder(notYetShown(outbox.entries.filter((entry) => entry.roomId === roomId), shown)).map((entry) =>
      entryAsMessage(entry, outbox.fileBytes[entry.localId], outbox.progress[entry.localId]),
    );
  }, [outbox, roomId, server]);
  const messages = useMemo(() => (pending.length === 0 ? server : [...server, ...pending]), [server, pending]);
  const firstPage = query.data?.pages[0];
  const lastPage = query.data?.pages[query.data.pages.length - 1];

  // The marker stays where the server put it when the room opened, even after its page slid out and back.
  useEffect(() => {
    const marker = query.data?.pages.find((page) => page.firstUnreadMessageId)?.firstUnreadMessageId;
    if (marker) setFirstUnread((current) => current ?? marker);
  }, [query.data]);

  const markIds = useCallback(
    async (ids: readonly string[]) => {
      for (let start = 0; start < ids.length; start += MARK_CHUNK) await markRead(roomId, ids.slice(start, start + MARK_CHUNK));
      for (const id of ids) patchPages((data) => updateInPages(data, id, { isReadByYou: true }));
      await roomReadHere(queryClient, roomId);
    },
    [patchPages, queryClient, roomId],
  );

  // Received messages not yet read are marked read as soon as they are in the window.
  useEffect(() => {
    const unread = server.filter((m) => !m.isSendFromYou && !m.isReadByYou && !requestedReads.current.has(m.messageId)).map((m) => m.messageId);
    if (unread.length === 0) return;
    for (const id of unread) requestedReads.current.add(id);
    void markIds(unread).catch(() => {
      for (const id of unread) requestedReads.current.delete(id);
    });
  }, [markIds, server]);

  // Opened at its newest message, the room is read: the unread messages older than the first page are marked too.
  const catchUpDone = useRef(false);
  useEffect(() => {
    if (catchUpDone.current || !query.data || query.data.pages.length !== 1) return;
    const marker = query.data.pages[0]?.firstUnreadMessageId;
    const oldestLoaded = query.data.pages[0]?.messages[0]?.messageId;
    catchUpDone.current = true;
    if (!marker || !oldestLoaded || Number(marker) >= Number(oldestLoaded)) return;
    void unreadIdsFrom(roomId, marker, oldestLoaded)
      .then((ids) => markIds(ids.filter((id) => !requestedReads.current.has(id))))
      .catch(() => undefined);
  }, [markIds, query.data, roomId]);

  /** Fetches what is newer than the window's newest message and adds it (new messages, the gap after a reconnect). */
  const fillRunner = useMemo(
    () =>
      coalescedTask(async () => {
        const data = messagePagesOf(queryClient, roomId);
        if (!data || !atLiveEnd(data)) return; // scrolled back: the newer pages come when scrolled down
        try {
          let anchor = newestMessageId(data);
          for (let round = 0; round < 40; round += 1) {
            const page = await fetchMessagePage(roomId, anchor ? { direction: 'DOWN', lastMessageId: anchor } : { direction: 'UP' });
            // A jump may have moved the window away from the live end meanwhile.
            setMessagePages(queryClient, roomId, (current) => (current && atLiveEnd(current) ? appendNewest(current, page.messages, MESSAGE_BATCH, MAX_PAGES) : current));
            const newest = page.messages[page.messages.length - 1];
            if (!page.hasNewer || !newest) break;
            anchor = newest.messageId;
          }
        } catch {
          fillAfterPageLoad.current = true; // the next page load, notification or reconnect tries again
        }
      }),
    [queryClient, roomId],
  );
  // A notice that comes while a fill runs makes it run once more (that fill may have read too early to see it).
  const liveFill = useCallback(() => {
    if (queryClient.isFetching({ queryKey: messagePagesQuery(roomId).queryKey }) > 0) {
      fillAfterPageLoad.current = true;
      return;
    }
    fillAfterPageLoad.current = false;
    void fillRunner.run();
  }, [fillRunner, queryClient, roomId]);

  // A live fill asked for while a page was loading runs once the page is in (the page fetch would overwrite it).
  useEffect(() => {
    if (!query.isFetching && fillAfterPageLoad.current) liveFill();
  }, [liveFill, query.isFetching]);

  // A jump to a message outside the window replaces the window with the history around it; paging either way and
  // the live end work from there as usual.
  const jump = useJumpStore((store) => (store.target?.roomId === roomId ? store.target : null));
  const [focus, setFocus] = useState<ChatRoomState['focus']>(null);
  const ready = query.data !== undefined;
  useEffect(() => {
    if (!jump || !ready) return;
    let cancelled = false;
    const { messageId, seq } = jump;
    void (async () => {
      if (!allMessages(messagePagesOf(queryClient, roomId)).some((message) => message.messageId === messageId)) {
        await queryClient.cancelQueries({ queryKey: messagePagesQuery(roomId).queryKey });
        const around = await fetchPagesAround(roomId, messageId);
        if (cancelled) return;
        setMessagePages(queryClient, roomId, () => around);
      }
      if (cancelled) return;
      setFocus({ messageId, seq });
      useJumpStore.getState().served(seq);
    })().catch(() => showToast(t('errors.actionFailed')));
    return () => {
      cancelled = true;
    };
  }, [jump, queryClient, ready, roomId, t]);

  const loadOlder = useCallback(() => {
    if (!query.hasPreviousPage || query.isFetching || fillRunner.isRunning()) return;
    void query.fetchPreviousPage().then((result) => {
      if (result.isError) showToast(t('errors.actionFailed'));
    });
  }, [fillRunner, query, t]);

  const loadNewer = useCallback(() => {
    if (!query.hasNextPage || query.isFetching || fillRunner.isRunning()) return;
    void query.fetchNextPage().then((result) => {
      if (result.isError) showToast(t('errors.actionFailed'));
    });
  }, [fillRunner, query, t]);

  useEffect(() => {
    if (query.isError && !query.data) showToast(t('errors.actionFailed'));
  }, [query.data, query.isError, t]);

  useEffect(() => {
    if (earlyTicks.current.size === 0) return;
    for (const message of server) {
      const tick = earlyTicks.current.get(message.messageId);
      if (!tick) continue;
      earlyTicks.current.delete(message.messageId);
      if (tickMovesForward(tick, message.messageStatus)) patchPages((data) => tickInPages(data, message.messageId, tick));
    }
  }, [patchPages, server]);

  // Room topic subscription and this room's notifications.
  useEffect(() => {
    const { realtime } = chatServices();
    realtime?.subscribeRoom(roomId);
    const patchMessage = (messageId: string, change: Partial<ChatMessage>) => patchPages((data) => updateInPages(data, messageId, change));
    const tick = (messageId: string, next: DeliveryTick) => {
      const shown = allMessages(messagePagesOf(queryClient, roomId)).find((message) => message.messageId === messageId);
      if (shown) {
        if (tickMovesForward(next, shown.messageStatus)) patchPages((data) => tickInPages(data, messageId, next));
        return;
      }
      const kept = earlyTicks.current.get(messageId);
      if (!kept || tickMovesForward(next, kept)) earlyTicks.current.set(messageId, next);
    };
    const offNotification = realtime?.on('notification', (notification) => {
      if (notification.roomId !== roomId) return;
      const messageId = notification.dataId;
      switch (notification.notifyType) {
        case 'NEW_MESSAGE':
          liveFill();
          return;
        case 'MESSAGE_ALL_RECEIVED':
          tick(messageId, 'ALL_RECEIVED');
          return;
        case 'MESSAGE_ALL_READ':
          tick(messageId, 'ALL_READ');
          return;
        case 'MESSAGE_DELETED':
        case 'MESSAGE_DELETED_FOR_ME': {
          const deletion = deletionOf(notification);
          if (!deletion) return;
          if (deletion.kind === 'removed') patchPages((data) => removeFromPages(data, deletion.messageIds));
          else for (const id of deletion.messageIds) patchMessage(id, { messageStatus: 'ALL_DELETED', text: undefined, fileBytes: undefined });
          return;
        }
        case 'MESSAGE_VOTE': {
          const polling = (notification.data as { messagePolling?: ChatMessage['messagePolling'] } | undefined)?.messagePolling;
          if (polling) patchMessage(messageId, { messagePolling: polling });
          return;
        }
        case 'MESSAGE_STARRED':
        case 'MESSAGE_UNSTARRED':
          patchMessage(messageId, { isStarredByYou: notification.notifyType === 'MESSAGE_STARRED' });
          return;
        default:
          return;
      }
    });
    // After a reconnect the loaded pages are read again (a recall, a tick or a star missed while the socket was down)
    // and what came after the newest is filled in once they are in (liveFill waits for a page load).
    const offResynced = realtime?.on('resynced', () => {
      void queryClient.invalidateQueries({ queryKey: messagePagesKey(roomId), exact: true });
      liveFill();
    });
    return () => {
      offNotification?.();
      offResynced?.();
      realtime?.unsubscribeRoom(roomId);
    };
  }, [liveFill, patchPages, queryClient, roomId]);

  const send = useCallback(
    async (message: Omit<OutgoingMessage, 'roomId'>) => {
      const { accountId, loginName } = chatServices();
      await enqueue({
        accountId,
        roomId,
        type: message.type,
        senderName: displayNameOf(profile, loginName),
        langId: i18n.language as OutgoingMessage['langId'],
        ...(message.text !== undefined ? { text: message.text } : {}),
        ...(message.file ? { file: message.file, fileName: message.file.name } : {}),
        ...(message.fileMetadata ? { fileMetadata: message.fileMetadata } : {}),
        ...(message.mentionIds && message.mentionIds.length > 0 ? { mentionIds: message.mentionIds } : {}),
        ...(message.replyToMessageId ? { replyToMessageId: message.replyToMessageId } : {}),
      });
    },
    [i18n.language, profile, roomId],
  );

  const resend = useCallback((localId: string) => void resendEntry(localId), []);

  const patch = useCallback(
    (messageId: string, change: Partial<ChatMessage>) => setMessagePages(queryClient, roomId, (data) => updateInPages(data, messageId, change)),
    [queryClient, roomId],
  );
  const remove = useCallback(
    (messageId: string) => {
      if (messageId.startsWith('local-')) void discardEntry(messageId);
      else setMessagePages(queryClient, roomId, (data) => removeFromPages(data, [messageId]));
    },
    [queryClient, roomId],
  );

  const state: ChatRoomState = {
    messages,
    firstUnreadMessageId,
    loaded: query.data !== undefined || query.isError,
    loadingOlder: query.isFetchingPreviousPage,
    loadingNewer: query.isFetchingNextPage,
    hasOlder: firstPage?.hasOlder ?? false,
    hasNewer: lastPage?.hasNewer ?? false,
    focus,
  };
  return { state, loadOlder, loadNewer, send, resend, patch, remove };
}
