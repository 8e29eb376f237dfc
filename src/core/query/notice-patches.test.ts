import { describe, expect, it } from 'vitest';
import { InfiniteQueryObserver, QueryClient, QueryObserver, type InfiniteData } from '@tanstack/react-query';
import { noticePatches } from './notice-patches.ts';

type Rows = Record<string, string>;

/** A fetch whose answer the test gives when it wants. */
function heldFetch<T>() {
  const answers: Array<(value: T) => void> = [];
  const fn = () => new Promise<T>((resolve) => answers.push(resolve));
  return { fn, answer: (value: T) => answers.shift()?.(value) };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('noticePatches', () => {
  it('a change made while a fetch is on its way outlives that fetch’s older answer', async () => {
    const queryClient = new QueryClient();
    const key = ['rows'];
    const fetch = heldFetch<Rows>();
    queryClient.setQueryData<Rows>(key, { a: 'sent' });
    const refetch = queryClient.fetchQuery({ queryKey: key, queryFn: fetch.fn });
    const patches = noticePatches<Rows>(queryClient, key);
    patches.patch((rows) => (rows ? { ...rows, a: 'read' } : rows));
    expect(queryClient.getQueryData(key)).toEqual({ a: 'read' });
    fetch.answer({ a: 'sent', b: 'sent' }); // read on the server before the notice
    await refetch;
    expect(queryClient.getQueryData(key)).toEqual({ a: 'read', b: 'sent' });
    patches.dispose();
  });

  it('an infinite query’s next page keeps a change made to its older pages meanwhile', async () => {
    const queryClient = new QueryClient();
    const key = ['pages'];
    const fetch = heldFetch<string[]>();
    const observer = new InfiniteQueryObserver<string[], Error, InfiniteData<string[], number>, string[], number>(queryClient, {
      queryKey: key,
      queryFn: fetch.fn,
      initialPageParam: 0,
      getNextPageParam: (_last, pages) => pages.length,
    });
    const off = observer.subscribe(() => undefined);
    fetch.answer(['m1', 'm2']);
    await settled();
    const patches = noticePatches<InfiniteData<string[], number>>(queryClient, key);
    const next = observer.fetchNextPage();
    patches.patch((data) => (data ? { ...data, pages: data.pages.map((page) => page.filter((id) => id !== 'm2')) } : data));
    fetch.answer(['m3']);
    await next;
    expect(queryClient.getQueryData<InfiniteData<string[], number>>(key)?.pages).toEqual([['m1'], ['m3']]);
    off();
    patches.dispose();
  });

  it('a change made while the query is idle is made once; a fetch after it is left alone', async () => {
    const queryClient = new QueryClient();
    const key = ['count'];
    let changes = 0;
    queryClient.setQueryData(key, 1);
    const patches = noticePatches<number>(queryClient, key);
    patches.patch((value) => {
      changes += 1;
      return (value ?? 0) + 1;
    });
    const observer = new QueryObserver<number>(queryClient, { queryKey: key, queryFn: () => Promise.resolve(7) });
    const off = observer.subscribe(() => undefined);
    await observer.refetch();
    expect(queryClient.getQueryData(key)).toBe(7);
    expect(changes).toBe(1);
    off();
    patches.dispose();
  });
});
