// The open room's message window in TanStack Query: `useInfiniteQuery` over receiveAesMessages (key from the
// generated factory), pages decrypted by the core, `maxPages` keeping the seed's 200 (8 pages of 25). The window
// lives while the room is open (gcTime 0) and changes only through the socket, never by refetching on its own.
import { receiveAesMessages } from '@generated/api/messages';
import { infiniteQueryOptions, type QueryClient } from '@tanstack/react-query';
import { unwrap } from '@generated/api/runtime';
import { queryKeys } from '@generated/api/index';
import type { Message } from '@generated/types/index';
import { constants } from '@variant/constants';
import { chatServices } from '../../../core/session/services.ts';
import { decryptAll, type ChatMessage } from './data.ts';
import {
  newerPageParam,
  newestPageParam,
  olderPageParam,
  pageFromAnswer,
  pagesAround,
  type MessagePage,
  type MessagePages,
  type PageParam,
} from '../model/messagePages.ts';

const BATCH = constants.pageSizes.messageListBatch;
export const MAX_PAGES = Math.max(1, Math.floor(constants.pageSizes.messageListMaxKept / BATCH));
/** The largest page the call allows, for walking the unread messages. */
const LARGEST_BATCH = 200;

function requestBody(roomId: string, param: PageParam, batchSize: number = BATCH) {
  return {
    roomId,
    batchSize,
    upOrDown: param.direction,
    withLastUnreadMessageId: param.lastMessageId === undefined,
    ...(param.lastMessageId ? { lastMessageId: param.lastMessageId } : {}),
  };
}

/** The window's key: `['messages', 'receiveAesMessages', <the newest page's request>]`. */
export const messagePagesKey = (roomId: string) => queryKeys.messages.receiveAesMessages(requestBody(roomId, newestPageParam));

export async function fetchMessagePage(roomId: string, param: PageParam, signal?: AbortSignal): Promise<MessagePage<ChatMessage>> {
  const { transport } = chatServices();
  const data = unwrap('receiveAesMessages', await receiveAesMessages(transport, requestBody(roomId, param), signal ? { signal } : undefined));
  const messages = await decryptAll(data.messages as Message[]);
  return pageFromAnswer(param, messages, Boolean(data.stillHaveData), data.firstUnreadMessageId);
}

export const messagePagesQuery = (roomId: string) =>
  infiniteQueryOptions<MessagePage<ChatMessage>, Error, MessagePages<ChatMessage>, ReturnType<typeof messagePagesKey>, PageParam>({
    queryKey: messagePagesKey(roomId),
    queryFn: ({ pageParam, signal }) => fetchMessagePage(roomId, pageParam, signal),
    initialPageParam: newestPageParam,
    getPreviousPageParam: (first) => olderPageParam(first),
    getNextPageParam: (last) => newerPageParam(last),
    maxPages: MAX_PAGES,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
  });

/** The window around one message (the call's anchor is exclusive: the page after it first, then up to it). */
export async function fetchPagesAround(roomId: string, messageId: string): Promise<MessagePages<ChatMessage>> {
  const afterParam: PageParam = { direction: 'DOWN', lastMessageId: messageId };
  const after = await fetchMessagePage(roomId, afterParam);
  const next = after.messages[0]?.messageId;
  const upToParam: PageParam = next ? { direction: 'UP', lastMessageId: next } : newestPageParam;
  return pagesAround(await fetchMessagePage(roomId, upToParam), upToParam, after, afterParam);
}

export function setMessagePages(queryClient: QueryClient, roomId: string, change: (data: MessagePages<ChatMessage> | undefined) => MessagePages<ChatMessage> | undefined): void {
  queryClient.setQueryData<MessagePages<ChatMessage>>(messagePagesKey(roomId), change);
}

export function messagePagesOf(queryClient: QueryClient, roomId: string): MessagePages<ChatMessage> | undefined {
  return queryClient.getQueryData<MessagePages<ChatMessage>>(messagePagesKey(roomId));
}

/**
 * The ids of the caller's unread messages from `firstUnreadMessageId` up to (not including) `stopAtId`: the part of
 * an opened room the window did not load, read all the same once the room is shown at its newest message.
 */
export async function unreadIdsFrom(roomId: string, firstUnreadMessageId: string, stopAtId: string | undefined): Promise<string[]> {
  const { transport } = chatServices();
  const ids = [firstUnreadMessageId];
  let anchor = firstUnreadMessageId;
  for (let round = 0; round < 50; round += 1) {
    const data = unwrap('receiveAesMessages', await receiveAesMessages(transport, requestBody(roomId, { direction: 'DOWN', lastMessageId: anchor }, LARGEST_BATCH)));
    const messages = data.messages as Message[];
    for (const message of messages) {
      if (stopAtId !== undefined && Number(message.messageId) >= Number(stopAtId)) return ids;
      if (!message.isSendFromYou && !message.isReadByYou) ids.push(String(message.messageId));
    }
    const last = messages[messages.length - 1];
    if (!data.stillHaveData || !last) return ids;
    anchor = String(last.messageId);
  }
  return ids;
}

export { BATCH as MESSAGE_BATCH };
