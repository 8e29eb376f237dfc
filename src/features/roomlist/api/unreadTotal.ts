// The server's unread total over every chat (gettotalmessagesunreadcount): the room list holds 30 rooms a page, so
// its own counts miss the rooms not loaded. The total is asked again whenever the loaded rooms' counts change (a new
// message, a room read here or in another tab, a reload after a reconnect), which is when it can have changed.
import { useEffect, useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getTotalMessagesUnreadCountQuery, queryKeys } from '@generated/api/index';
import { chatServices } from '../../session/index.ts';
import { allRooms } from '../model/roomPages.ts';
import { loadedUnread } from '../model/unreadTotal.ts';
import { useRoomPages } from './data.ts';

const totalOf = (data: { totalUnreadMsgCount: number }): number => Math.max(0, data.totalUnreadMsgCount);

/** Unread messages over all my chats; undefined until the server has answered. */
export function useTotalUnread(): number | undefined {
  const queryClient = useQueryClient();
  const pages = useRoomPages();
  const loaded = useMemo(() => loadedUnread(allRooms(pages.data)), [pages.data]);
  const total = useQuery({ ...getTotalMessagesUnreadCountQuery(chatServices().transport, {}), select: totalOf });
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.messages.getTotalMessagesUnreadCount({}) });
  }, [loaded, queryClient]);
  return total.data;
}
