// State of the open room: the message window (useInfiniteQuery, 25 per page, at most 200 kept, sliding both ways),
// the room's outbox entries (pending or failed sends) after it, read marks (every unread message of the room once it
// is shown at its newest, in batches: model/markBatch.ts) and the realtime updates of this room, applied by its
// RoomTimeline (model/roomTimeline.ts): a pushed message is shown as it came, a fetch is made only for a gap.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../ui/index.ts';
import { chatServices } from '../../../core/session/services.ts';
import { displayNameOf, useProfile } from '../../../core/session/profile.ts';
import { fetchMessagePage, fetchPagesAround, MAX_PAGES, MESSAGE_BATCH, messagePagesKey, messagePagesOf, messagePagesQuery, setMessagePages, unreadIdsFrom } from '../api/messagePages.ts';
import { decryptAll, markRead, type ChatMessage, type OutgoingMessage } from '../api/data.ts';
import type { Message } from '@generated/types/index';
import { useOutboxContext, useOutboxState } from './useOutbox.ts';
import { entryAsMessage, notYetShown, sendOrder } from '../model/outbox.ts';
import { allMessages, removeFromPages, updateInPages, type MessagePages } from '../model/messagePages.ts';
import { deletionOf } from '../../../domain/deletions.ts';
import { RoomTimeline } from '../model/roomTimeline.ts';
import { MarkBatch } from '../model/markBatch.ts';
import { useJumpStore } from './jumpStore.ts';
import { useOpenRoomStore } from './openRoomStore.ts';
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
  const outboxQueue = useOutboxContext();
  const outbox = useOutboxState(outboxQueue);
  const { data: profile } = useProfile();
  const [firstUnreadMessageId, setFirstUnread] = useState<string | null>(null);
  const requestedReads = useRef(new Set<string>());
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
      entryAsMessage(entry, outbox.fileBytes[entry.localId], outbox.progress[entry.localId], outbox.retries[entry.localId]),
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
      // The room list's counts follow from the server's ROOM_READ to every session of mine (no call here).
      for (const id of ids) patchPages((data) => updateInPages(data, id, { isReadByYou: true }));
    },
    [patchPages, roomId],
  );

  // Read marks go in batches: one call per second at most, with every id seen in it.
  const [reads, setReads] = useState<MarkBatch | null>(null);
  useEffect(() => {
    const batch = new MarkBatch({
      send: (_room, ids) => markIds(ids),
      onFailed: (_room, ids) => {
        for (const id of ids) requestedReads.current.delete(id);
      },
    });
    setReads(batch);
    return () => batch.flushAll();
  }, [markIds]);

  // The room is open here: a message pushed to it is read at once, so it needs no notified mark.
  useEffect(() => {
    useOpenRoomStore.getState().opened(roomId);
    return () => useOpenRoomStore.getState().closed(roomId);
  }, [roomId]);

  // Received messages not yet read are marked read as soon as they are in the window.
  useEffect(() => {
    if (!reads) return;
    const unread = server.filter((m) => !m.isSendFromYou && !m.isReadByYou && !requestedReads.current.has(m.messageId)).map((m) => m.messageId);
    if (unread.length === 0) return;
    for (const id of unread) requestedReads.current.add(id);
    reads.add(roomId, unread);
  }, [reads, roomId, server]);

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

  // The room's timeline: every notice and the gap fills go through it.
  const timeline = useMemo(
    () =>
      new RoomTimeline<ChatMessage>({
        store: {
          read: () => messagePagesOf(queryClient, roomId),
          patch: (change) => patchPages(change),
          set: (change) => setMessagePages(queryClient, roomId, change),
          loading: () => queryClient.isFetching({ queryKey: messagePagesQuery(roomId).queryKey }) > 0,
        },
        fetchNewer: (anchor) => fetchMessagePage(roomId, anchor ? { direction: 'DOWN', lastMessageId: anchor } : { direction: 'UP' }),
        batch: MESSAGE_BATCH,
        maxPages: MAX_PAGES,
      }),
    [patchPages, queryClient, roomId],
  );
  useEffect(() => () => timeline.dispose(), [timeline]);

  // A fill or push that came while a page was loading is looked at once the page is in (the page fetch would
  // overwrite what it added).
  useEffect(() => {
    if (!query.isFetching) timeline.loaded();
  }, [query.isFetching, timeline, server]);

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
    if (!query.hasPreviousPage || query.isFetching || timeline.filling()) return;
    void query.fetchPreviousPage().then((result) => {
      if (result.isError) showToast(t('errors.actionFailed'));
    });
  }, [query, t, timeline]);

  const loadNewer = useCallback(() => {
    if (!query.hasNextPage || query.isFetching || timeline.filling()) return;
    void query.fetchNextPage().then((result) => {
      if (result.isError) showToast(t('errors.actionFailed'));
    });
  }, [query, t, timeline]);

  useEffect(() => {
    if (query.isError && !query.data) showToast(t('errors.actionFailed'));
  }, [query.data, query.isError, t]);

  // Room topic subscription and this room's notifications.
  useEffect(() => {
    const { realtime } = chatServices();
    realtime?.subscribeRoom(roomId);
    // Pushed messages are decrypted one after the other, so they reach the timeline in the order they came.
    let decrypting: Promise<unknown> = Promise.resolve();
    const pushed = (data: Message, previousMessageId: string | undefined) => {
      decrypting = decrypting
        .then(() => decryptAll([data]))
        .then(([message]) => {
          if (!message) return;
          // The push is the same for every member: whose it is, this client knows.
          const own = message.messageUserId === chatServices().accountId;
          timeline.push({ ...message, isSendFromYou: own, ...(own ? { isReadByYou: true } : {}) }, previousMessageId);
        })
        .catch(() => void timeline.fill());
    };
    const offNotification = realtime?.on('notification', (notification) => {
      if (notification.roomId !== roomId) return;
      const messageId = notification.dataId;
      switch (notification.notifyType) {
        case 'NEW_MESSAGE':
          pushed(notification.data, notification.previousMessageId);
          return;
        case 'MESSAGE_ALL_RECEIVED':
          timeline.tick(messageId, 'ALL_RECEIVED');
          return;
        case 'MESSAGE_ALL_READ':
          timeline.tick(messageId, 'ALL_READ');
          return;
        case 'MESSAGE_DELETED':
        case 'MESSAGE_DELETED_FOR_ME': {
          const deletion = deletionOf(notification);
          if (deletion) timeline.delete(deletion, { messageStatus: 'ALL_DELETED', text: undefined, fileBytes: undefined });
          return;
        }
        case 'MESSAGE_VOTE': {
          const polling = (notification.data as { messagePolling?: ChatMessage['messagePolling'] } | undefined)?.messagePolling;
          if (polling) timeline.update(messageId, { messagePolling: polling });
          return;
        }
        case 'MESSAGE_STARRED':
        case 'MESSAGE_UNSTARRED':
          timeline.update(messageId, { isStarredByYou: notification.notifyType === 'MESSAGE_STARRED' });
          return;
        default:
          return;
      }
    });
    // After a reconnect the loaded pages are read again (a recall, a tick or a star missed while the socket was down)
    // and what came after the newest is filled in once they are in (liveFill waits for a page load).
    const offResynced = realtime?.on('resynced', () => {
      void queryClient.invalidateQueries({ queryKey: messagePagesKey(roomId), exact: true });
      void timeline.fill();
    });
    return () => {
      offNotification?.();
      offResynced?.();
      realtime?.unsubscribeRoom(roomId);
    };
  }, [queryClient, roomId, timeline]);

  const send = useCallback(
    async (message: Omit<OutgoingMessage, 'roomId'>) => {
      const { loginName } = chatServices();
      await outboxQueue.enqueue({
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
    [i18n.language, outboxQueue, profile, roomId],
  );

  const resend = useCallback((localId: string) => void outboxQueue.resend(localId), [outboxQueue]);

  const patch = useCallback(
    (messageId: string, change: Partial<ChatMessage>) => setMessagePages(queryClient, roomId, (data) => updateInPages(data, messageId, change)),
    [queryClient, roomId],
  );
  const remove = useCallback(
    (messageId: string) => {
      if (messageId.startsWith('local-')) void outboxQueue.discard(messageId);
      else setMessagePages(queryClient, roomId, (data) => removeFromPages(data, [messageId]));
    },
    [outboxQueue, queryClient, roomId],
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
