// The open room's kept messages as TanStack Query infinite data: pages oldest first, each knowing whether older or
// newer messages exist beyond it. `maxPages` slides the window (older pages fetched at the top drop the newest at
// the bottom and the other way round); live messages join the newest page, which splits into pages of the batch
// size, so the window keeps at most maxPages × batch messages. Pure functions, used by the hooks and tested alone.
import type { InfiniteData } from '@tanstack/react-query';
import type { ListMessage } from './rows.ts';
import { furthestStatus, tickMovesForward, type DeliveryTick } from './deliveryTicks.ts';

export interface MessagePage<M extends ListMessage = ListMessage> {
  /** Oldest first. */
  messages: M[];
  /** Older messages exist on the server before this page. */
  hasOlder: boolean;
  /** Newer messages exist on the server after this page. */
  hasNewer: boolean;
  /** The first page only: the caller's first unread message (the marker). */
  firstUnreadMessageId?: string;
}

export interface PageParam {
  direction: 'UP' | 'DOWN';
  /** Exclusive anchor; absent for the newest page. */
  lastMessageId?: string;
}

export type MessagePages<M extends ListMessage = ListMessage> = InfiniteData<MessagePage<M>, PageParam>;

export const newestPageParam: PageParam = { direction: 'UP' };

/** A page as the server's answer describes it: `stillHaveData` speaks of the direction it was asked in. */
export function pageFromAnswer<M extends ListMessage>(param: PageParam, messages: M[], stillHaveData: boolean, firstUnreadMessageId?: string): MessagePage<M> {
  const ordered = [...messages].sort(byTimeThenId);
  if (param.direction === 'UP') {
    return { messages: ordered, hasOlder: stillHaveData, hasNewer: param.lastMessageId !== undefined, ...(firstUnreadMessageId ? { firstUnreadMessageId } : {}) };
  }
  return { messages: ordered, hasOlder: true, hasNewer: stillHaveData };
}

export function olderPageParam(first: MessagePage): PageParam | undefined {
  const oldest = first.messages[0];
  return first.hasOlder && oldest ? { direction: 'UP', lastMessageId: oldest.messageId } : undefined;
}

export function newerPageParam(last: MessagePage): PageParam | undefined {
  const newest = last.messages[last.messages.length - 1];
  return last.hasNewer && newest ? { direction: 'DOWN', lastMessageId: newest.messageId } : undefined;
}

export function byTimeThenId(a: ListMessage, b: ListMessage): number {
  const byDate = (a.messageCreateDate ?? 0) - (b.messageCreateDate ?? 0);
  if (byDate !== 0) return byDate;
  return Number(a.messageId) - Number(b.messageId) || (a.messageId < b.messageId ? -1 : a.messageId > b.messageId ? 1 : 0);
}

export function allMessages<M extends ListMessage>(data: MessagePages<M> | undefined): M[] {
  if (!data) return [];
  const seen = new Set<string>();
  const out: M[] = [];
  for (const page of data.pages) {
    for (const message of page.messages) {
      if (seen.has(message.messageId)) continue;
      seen.add(message.messageId);
      out.push(message);
    }
  }
  return out;
}

/** The window holds the newest messages of the room (nothing newer was dropped or is left to fetch). */
export function atLiveEnd(data: MessagePages | undefined): boolean {
  const last = data?.pages[data.pages.length - 1];
  return last !== undefined && !last.hasNewer;
}

export function newestMessageId(data: MessagePages | undefined): string | undefined {
  const messages = allMessages(data);
  return messages[messages.length - 1]?.messageId;
}

/**
 * New messages at the live end: known ones are updated where they are (their delivery status never moves back), new
 * ones join the newest page, which is split into pages of `batch`; pages beyond `maxPages` are dropped from the old end.
 */
export function appendNewest<M extends ListMessage>(data: MessagePages<M>, incoming: readonly M[], batch: number, maxPages: number): MessagePages<M> {
  const known = new Map<string, M>();
  for (const message of incoming) known.set(message.messageId, message);
  let pages = data.pages.map((page) => {
    if (!page.messages.some((message) => known.has(message.messageId))) return page;
    return {
      ...page,
      messages: page.messages.map((message) => {
        const update = known.get(message.messageId);
        if (!update) return message;
        known.delete(message.messageId);
        const messageStatus = furthestStatus(message.messageStatus, update.messageStatus);
        return { ...message, ...update, ...(messageStatus ? { messageStatus } : {}) };
      }),
    };
  });
  let params = [...data.pageParams];
  const fresh = [...known.values()];
  if (fresh.length === 0) return { pages, pageParams: params };
  const lastIndex = pages.length - 1;
  const last = pages[lastIndex];
  if (!last) {
    pages = [{ messages: [...fresh].sort(byTimeThenId), hasOlder: false, hasNewer: false }];
    params = [newestPageParam];
  } else {
    const merged = [...last.messages, ...fresh].sort(byTimeThenId);
    const head = merged.slice(0, Math.max(batch, last.messages.length));
    pages[lastIndex] = { ...last, messages: head, hasNewer: false };
    for (let start = head.length; start < merged.length; start += batch) {
      const previous = merged[start - 1];
      pages.push({ messages: merged.slice(start, start + batch), hasOlder: true, hasNewer: false });
      params.push({ direction: 'DOWN', ...(previous ? { lastMessageId: previous.messageId } : {}) });
    }
  }
  if (pages.length > maxPages) {
    const drop = pages.length - maxPages;
    pages = pages.slice(drop);
    params = params.slice(drop);
    const first = pages[0];
    if (first) pages[0] = { ...first, hasOlder: true };
  }
  return { pages, pageParams: params };
}

/**
 * The window around one message: `upTo` is the page ending with it (asked UP from the message after it, or the
 * newest page when nothing follows), `after` the page of messages after it (asked DOWN from it; empty at the end).
 */
export function pagesAround<M extends ListMessage>(upTo: MessagePage<M>, upToParam: PageParam, after: MessagePage<M>, afterParam: PageParam): MessagePages<M> {
  if (after.messages.length === 0) return { pages: [upTo], pageParams: [upToParam] };
  return { pages: [{ ...upTo, hasNewer: true }, { ...after, hasOlder: true }], pageParams: [upToParam, afterParam] };
}

export function updateInPages<M extends ListMessage>(data: MessagePages<M> | undefined, messageId: string, patch: Partial<M>): MessagePages<M> | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) =>
      page.messages.some((message) => message.messageId === messageId)
        ? { ...page, messages: page.messages.map((message) => (message.messageId === messageId ? { ...message, ...patch } : message)) }
        : page,
    ),
  };
}

export function removeFromPages<M extends ListMessage>(data: MessagePages<M> | undefined, messageIds: readonly string[]): MessagePages<M> | undefined {
  if (!data) return data;
  const gone = new Set(messageIds);
  return {
    ...data,
    pages: data.pages.map((page) =>
      page.messages.some((message) => gone.has(message.messageId)) ? { ...page, messages: page.messages.filter((message) => !gone.has(message.messageId)) } : page,
    ),
  };
}

/** A tick, made on pages that may have been fetched since it came: it moves the message's status forward only. */
export function tickInPages<M extends ListMessage>(data: MessagePages<M> | undefined, messageId: string, next: DeliveryTick): MessagePages<M> | undefined {
  const current = allMessages(data).find((message) => message.messageId === messageId);
  // The cast: M extends ListMessage, whose messageStatus a tick is.
  return current && tickMovesForward(next, current.messageStatus) ? updateInPages(data, messageId, { messageStatus: next } as Partial<M>) : data;
}
