// TanStack Query defaults for a chat: the socket says when data changes, so no refetch on focus; failures the
// server explains (4xx) are not retried, only network faults and server errors are, and briefly.
import { QueryClient } from '@tanstack/react-query';
import { ApiCallError } from '@generated/api/runtime';
import { serverNotReached } from '../errors.ts';

const MAX_RETRIES = 2;

export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (!(error instanceof ApiCallError)) return false; // a bug in the caller does not heal by retrying
  return serverNotReached(error);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 5 * 60_000,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
        refetchOnReconnect: true,
      },
      mutations: { retry: false },
    },
  });
}
