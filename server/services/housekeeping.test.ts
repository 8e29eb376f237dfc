// Stopping the housekeeping waits for a round in progress, and that round runs no further step: the server closes
// its database only after the last housekeeping statement ('the database is closed' was logged on shutdown).
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServerContext } from '../context.ts';
import { startHousekeeping } from './housekeeping.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('housekeeping', () => {
  it('stops after the round in progress, without starting its next step', async () => {
    vi.useFakeTimers();
    let release!: () => void;
    const wiping = new Promise<void>((resolve) => (release = resolve));
    const calls: string[] = [];
    // Only what the round touches: the first step blocks until released.
    const ctx = {
      now: () => new Date(),
      repos: {
        messages: { wipeExpired: async () => (calls.push('wipe'), await wiping, []) },
        tokens: { deleteExpired: async () => calls.push('tokens') },
        qrClaims: { forgetOlderThan: async () => calls.push('qr') },
      },
    } as unknown as ServerContext; // a partial context: the steps after the first must never run
    const stop = startHousekeeping(ctx);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls).toEqual(['wipe']);
    let stopped = false;
    const stopping = stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(calls).toEqual(['wipe']);
  });

  it("reports a failed round through the server's log, not the console", async () => {
    vi.useFakeTimers();
    const console_ = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const logged: { message: string; error: unknown }[] = [];
    const failure = Object.assign(new Error('relation "messages" does not exist'), { code: '42P01' });
    const ctx = {
      now: () => new Date(),
      log: (message: string, error?: unknown) => logged.push({ message, error }),
      repos: { messages: { wipeExpired: () => Promise.reject(failure) } },
    } as unknown as ServerContext; // a partial context: the round fails at its first step
    const stop = startHousekeeping(ctx);
    await vi.advanceTimersByTimeAsync(5_000);
    await stop();
    expect(logged).toEqual([{ message: 'housekeeping failed', error: failure }]);
    expect(console_).not.toHaveBeenCalled();
    console_.mockRestore();
  });
});
