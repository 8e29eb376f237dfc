// After the socket is back (a reconnect, `resynced`), what the client holds may have changed unseen: a room renamed,
// a member added, a policy or profile changed while no notice could reach it. Every query is asked again, as
// TanStack Query would on the browser's `online`, whether or not its stale time has passed: the ones on screen now,
// the others when next shown. A query that says `refetchOnReconnect: false` is left to its feature (a single-use
// answer such as a login token, or the message window, which the chat refills itself); one that failed is asked
// again all the same, since it holds nothing to keep.
import type { Query, QueryClient } from '@tanstack/react-query';

function followsReconnect(query: Query): boolean {
  if (query.state.status === 'error') return true;
  return query.observers.every((observer) => observer.options.refetchOnReconnect !== false);
}

export function resyncQueries(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ refetchType: 'active', predicate: followsReconnect });
}
