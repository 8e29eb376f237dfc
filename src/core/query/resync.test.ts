import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client.ts';
import { resyncQueries } from './resync.ts';

/** A query on screen (an observer subscribed), loaded once; counts its loads. */
async function shown(queryClient: ReturnType<typeof createQueryClient>, key: string, options: { refetchOnReconnect?: boolean; fails?: boolean } = {}) {
  let loads = 0;
  const observer = new QueryObserver(queryClient, {
    queryKey: [key],
    queryFn: async () => {
      loads += 1;
      if (options.fails && loads === 1) throw new Error('offline');
      return loads;
    },
    retry: false,
    ...(options.refetchOnReconnect === undefined ? {} : { refetchOnReconnect: options.refetchOnReconnect }),
  });
  const unsubscribe = observer.subscribe(() => undefined);
  await expect.poll(() => observer.getCurrentResult().isFetching).toBe(false);
  return { loads: () => loads, unsubscribe, result: () => observer.getCurrentResult() };
}

describe('resyncQueries', () => {
  it('asks a query on screen again although its stale time has not passed', async () => {
    const queryClient = createQueryClient();
    const members = await shown(queryClient, 'members');
    expect(members.result().isStale).toBe(false);
    await resyncQueries(queryClient);
    expect(members.loads()).toBe(2);
    expect(members.result().data).toBe(2);
    members.unsubscribe();
  });

  it('leaves a query that says refetchOnReconnect: false, unless it failed', async () => {
    const queryClient = createQueryClient();
    const token = await shown(queryClient, 'login-token', { refetchOnReconnect: false });
    const window = await shown(queryClient, 'failed-window', { refetchOnReconnect: false, fails: true });
    expect(window.result().status).toBe('error');
    await resyncQueries(queryClient);
    expect(token.loads()).toBe(1);
    expect(window.loads()).toBe(2);
    expect(window.result().data).toBe(2);
    token.unsubscribe();
    window.unsubscribe();
  });

  it('marks a query not on screen to be asked again when next shown, without loading it now', async () => {
    const queryClient = createQueryClient();
    const policy = await shown(queryClient, 'policy');
    policy.unsubscribe();
    await resyncQueries(queryClient);
    expect(policy.loads()).toBe(1);
    expect(queryClient.getQueryCache().find({ queryKey: ['policy'] })?.state.isInvalidated).toBe(true);
  });
});
