// The server's unread total over every chat (gettotalmessagesunreadcount): the room list holds 30 rooms a page, so
// its own counts miss the rooms not loaded. Asked once (and again after a reconnect, as every query is); the room
// list model (model/roomListModel.ts) keeps it current from the pushes: a new message counted adds one, ROOM_READ
// sets the server's figure after a read in any session of the account.
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { getTotalMessagesUnreadCountQuery, queryKeys } from '@generated/api/index';
import type { GetTotalMessagesUnreadCountResponse } from '@generated/types/index';
import { chatServices } from '../../../core/session/services.ts';

const totalKey = () => queryKeys.messages.getTotalMessagesUnreadCount({});
const totalOf = (data: { totalUnreadMsgCount: number }): number => Math.max(0, data.totalUnreadMsgCount);

/** Unread messages over all my chats; undefined until the server has answered. */
export function useTotalUnread(): number | undefined {
  const total = useQuery({ ...getTotalMessagesUnreadCountQuery(chatServices().transport, {}), staleTime: Infinity, select: totalOf });
  return total.data;
}

export function totalFromCache(queryClient: QueryClient): number | undefined {
  const data = queryClient.getQueryData<GetTotalMessagesUnreadCountResponse>(totalKey());
  return data ? totalOf(data) : undefined;
}

/**
 * The total as a push gave or changed it. While the count is being fetched its answer may or may not hold the change,
 * so it is fetched again instead.
 */
export function writeTotal(queryClient: QueryClient, total: number): void {
  if (queryClient.isFetching({ queryKey: totalKey(), exact: true }) > 0) {
    void queryClient.invalidateQueries({ queryKey: totalKey(), exact: true });
    return;
  }
  queryClient.setQueryData<GetTotalMessagesUnreadCountResponse>(totalKey(), (data) => (data ? { ...data, totalUnreadMsgCount: total } : data));
}
