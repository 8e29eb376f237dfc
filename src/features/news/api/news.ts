// News as server state: the list, one item (opening it marks it read on the server), the unread count of the room
// list's news entry, and the news files. NEWS_UPDATE (published) and NEWS_READ (read in another session) refetch.
import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contentKeys, downloadNewsFile, getNewsDetailQuery, getNewsQuery, getUnreadNewsCountQuery } from '@generated/api/content';
import { unwrap } from '@generated/api/runtime';
import { chatServices } from '../../../core/session/services.ts';
import { useNotifications } from '../../../core/session/notifications.ts';

const newsKeys = () => [contentKeys.getNews({}), contentKeys.getUnreadNewsCount({})];

function refreshNews(queryClient: ReturnType<typeof useQueryClient>) {
  for (const queryKey of newsKeys()) void queryClient.invalidateQueries({ queryKey });
}

export function useNewsList() {
  return useQuery(getNewsQuery(chatServices().transport, {}));
}

export function useUnreadNewsCount() {
  return useQuery({ ...getUnreadNewsCountQuery(chatServices().transport, {}), select: (data) => data.unreadNewsCount });
}

/** The item; once it is loaded (and so read) the list and the count follow. */
export function useNewsDetail(newsId: string) {
  const queryClient = useQueryClient();
  const query = useQuery(getNewsDetailQuery(chatServices().transport, { newsId }));
  const loaded = query.isSuccess;
  useEffect(() => {
    if (loaded) refreshNews(queryClient);
  }, [loaded, queryClient]);
  return query;
}

export function useDownloadNewsFile() {
  return useMutation({
    mutationFn: async (newsFileId: string) => unwrap('downloadNewsFile', await downloadNewsFile(chatServices().transport, { newsFileId })),
  });
}

/** Live news: a published item or one read elsewhere updates the list and the count at once. */
export function useNewsSync(): void {
  const queryClient = useQueryClient();
  useNotifications((notification) => {
    if (notification.notifyType === 'NEWS_UPDATE' || notification.notifyType === 'NEWS_READ') refreshNews(queryClient);
  });
}
