// The right-panel lists over the message calls: starred messages (pages of 15), images and videos or files
// (pages of 30) and the in-room search (batches of 30 decrypted and matched here), each newest first with the
// id of the oldest as the next page's `lastMessageId`.
import { receiveAesFiles, receiveAesImagesAndVideos, receiveStarredAesMessages, searchAesMessages } from '@generated/api/messages';
import { unwrap } from '@generated/api/runtime';
import type { MessageListResponse } from '@generated/types/index';
import { constants } from '@variant/constants';
import { chatServices } from '../../../core/session/services.ts';
import { decryptAll, type ChatMessage } from './data.ts';
import { matchesQuery } from '../model/search.ts';

export interface ListPage {
  messages: ChatMessage[];
  /** The next (older) page's lastMessageId; absent at the end. */
  next?: string;
}

export type MediaListKind = 'media' | 'files';

/** Batches answer oldest first; lists show newest first. */
async function newestFirst(data: MessageListResponse): Promise<ListPage> {
  const messages = (await decryptAll(data.messages)).sort((a, b) => (b.messageCreateDate ?? 0) - (a.messageCreateDate ?? 0) || Number(b.messageId) - Number(a.messageId));
  const oldest = messages[messages.length - 1];
  return { messages, ...(data.stillHaveData && oldest ? { next: oldest.messageId } : {}) };
}

const after = (lastMessageId: string | undefined) => (lastMessageId ? { lastMessageId } : {});

export async function fetchStarred(roomId: string, lastMessageId?: string): Promise<ListPage> {
  const body = { roomId, batchSize: constants.pageSizes.starredMessages, upOrDown: 'UP' as const, ...after(lastMessageId) };
  return newestFirst(unwrap('receiveStarredAesMessages', await receiveStarredAesMessages(chatServices().transport, body)));
}

export async function fetchMedia(roomId: string, kind: MediaListKind, lastMessageId?: string): Promise<ListPage> {
  const { transport } = chatServices();
  const body = { roomId, batchSize: constants.pageSizes.mediaList, upOrDown: 'UP' as const, ...after(lastMessageId) };
  const data = kind === 'media' ? unwrap('receiveAesImagesAndVideos', await receiveAesImagesAndVideos(transport, body)) : unwrap('receiveAesFiles', await receiveAesFiles(transport, body));
  return newestFirst(data);
}

/** The call needs a filter, which the server ignores: the user's words never leave the client. */
export const SEARCH_FILTER_PLACEHOLDER = '*';

/** Batches a search may read for one page before it shows what it has (a long history without a match). */
const SEARCH_BATCHES_PER_PAGE = 10;

export async function searchPage(roomId: string, query: string, lastMessageId?: string, maxBatches = SEARCH_BATCHES_PER_PAGE, signal?: AbortSignal): Promise<ListPage> {
  const found: ChatMessage[] = [];
  let cursor = lastMessageId;
  for (let batch = 0; batch < maxBatches; batch += 1) {
    const body = { roomId, batchSize: constants.pageSizes.searchMessages, filterOfMessage: SEARCH_FILTER_PLACEHOLDER, ...after(cursor) };
    const page = await newestFirst(unwrap('searchAesMessages', await searchAesMessages(chatServices().transport, body, signal ? { signal } : {})));
    found.push(...page.messages.filter((message) => matchesQuery(message, query)));
    cursor = page.next;
    if (!cursor || found.length >= constants.pageSizes.searchMessages) break;
  }
  return { messages: found, ...(cursor ? { next: cursor } : {}) };
}
