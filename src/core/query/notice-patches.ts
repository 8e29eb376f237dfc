// A realtime notice changes cached server data in place (a tick, a deletion, a star, a presence change), but a fetch
// of that data already on its way read the server before the notice: its answer (built on the data as it was when
// the fetch began) or, when it is cancelled, the state from before it replaces the change. So a change made while
// the query fetches is kept and made again as soon as the query is idle once more.
import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query';

export type DataChange<T> = (data: T | undefined) => T | undefined;

export interface NoticePatches<T> {
  /** Changes the cached data now, and again once a fetch in progress has ended. */
  patch(change: DataChange<T>): void;
  /** Stops watching the query (changes still waiting are dropped). */
  dispose(): void;
}

const fetching = (queryClient: QueryClient, queryKey: QueryKey): boolean => {
  const status = queryClient.getQueryState(queryKey)?.fetchStatus;
  return status !== undefined && status !== 'idle';
};

/**
 * Notice changes for one query. Each change must give the same result made twice (set a value, remove an item, move
 * a tick forward): it is made at once and, when a fetch was in progress, again on whatever that fetch left.
 */
export function noticePatches<T>(queryClient: QueryClient, queryKey: QueryKey): NoticePatches<T> {
  let waiting: Array<DataChange<T>> = [];
  const hash = hashKey(queryKey);
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (waiting.length === 0 || event.type !== 'updated' || event.query.queryHash !== hash) return;
    if (event.query.state.fetchStatus !== 'idle') return;
    const replay = waiting;
    waiting = [];
    for (const change of replay) queryClient.setQueryData<T>(queryKey, change);
  });
  return {
    patch(change) {
      if (fetching(queryClient, queryKey)) waiting.push(change);
      queryClient.setQueryData<T>(queryKey, change);
    },
    dispose() {
      waiting = [];
      unsubscribe();
    },
  };
}
