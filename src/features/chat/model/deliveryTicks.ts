// A sent message's ticks only move forward (sent → delivered to all → read by all); a deleted message keeps its state.
import type { ChatMessage } from '../api/data.ts';

export type DeliveryTick = 'ALL_RECEIVED' | 'ALL_READ';

const order: Partial<Record<string, number>> = { SERVER_RECEIVED: 1, ALL_RECEIVED: 2, ALL_READ: 3 };

/** Whether `next` is news for a message whose status is `current` (a late 'delivered' never undoes 'read'). */
export function tickMovesForward(next: DeliveryTick, current: ChatMessage['messageStatus'] | undefined): boolean {
  if (current === 'ALL_DELETED') return false;
  return (order[next] ?? 0) > (order[current ?? ''] ?? 0);
}

/**
 * The status to keep when a fetched copy of a shown message arrives: a tick applied while the copy was on its way
 * (the send's answer, a live fill read before the mark) is not undone by it.
 */
export function furthestStatus<S extends string | undefined>(current: S, fetched: S): S {
  if (current === 'ALL_DELETED' || fetched === 'ALL_DELETED') return fetched === 'ALL_DELETED' ? fetched : current;
  return (order[current ?? ''] ?? 0) > (order[fetched ?? ''] ?? 0) ? current : fetched;
}
