import { describe, expect, it } from 'vitest';
import { ApiCallError } from '@generated/api/runtime';
import { clientErrMsgList } from '../errors.ts';
import { createQueryClient, shouldRetry } from './query-client.ts';

describe('query client', () => {
  it('retries network faults and server errors twice, never 4xx or plain errors', () => {
    const network = new ApiCallError('x', clientErrMsgList('NETWORK'));
    const server = new ApiCallError('x', [], 503);
    const refused = new ApiCallError('x', [], 403);
    expect([shouldRetry(0, network), shouldRetry(1, server), shouldRetry(2, network)]).toEqual([true, true, false]);
    expect(shouldRetry(0, refused)).toBe(false);
    expect(shouldRetry(0, new TypeError('bug'))).toBe(false);
  });

  it('does not refetch on focus and does not retry mutations', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.refetchOnWindowFocus).toBe(false);
    expect(defaults.mutations?.retry).toBe(false);
  });
});
