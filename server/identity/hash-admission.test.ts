import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/api-error.ts';
import { HashAdmission } from './hash-admission.ts';

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('HashAdmission', () => {
  it('runs a few at once, queues a few, and refuses the rest at once with Retry-After', async () => {
    const admission = new HashAdmission({ concurrent: 2, queued: 2, perAddress: 10 });
    const hold = gate();
    const started: number[] = [];
    const runs = [0, 1, 2, 3].map((i) => admission.run(`10.0.0.${i}`, async () => (started.push(i), hold.opened)));
    expect(started).toEqual([0, 1]);
    expect(admission.load).toEqual({ running: 2, waiting: 2 });
    const refused = await admission.run('10.0.0.9', async () => 'never').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ code: 'TOO_MANY_REQUESTS', retryAfterSeconds: 1 });
    hold.open();
    await Promise.all(runs);
    expect(started).toEqual([0, 1, 2, 3]);
    expect(admission.load).toEqual({ running: 0, waiting: 0 });
  });

  it('gives one address no more than its share, so others still get in', async () => {
    const admission = new HashAdmission({ concurrent: 2, queued: 8, perAddress: 2 });
    const hold = gate();
    const flood = [0, 1].map(() => admission.run('10.6.6.6', () => hold.opened));
    await expect(admission.run('10.6.6.6', async () => 'third')).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    const other = admission.run('10.1.1.1', async () => 'served');
    hold.open();
    expect(await other).toBe('served');
    await Promise.all(flood);
    expect(await admission.run('10.6.6.6', async () => 'again')).toBe('again');
  });

  it('frees the slot when the work fails', async () => {
    const admission = new HashAdmission({ concurrent: 1, queued: 0, perAddress: 1 });
    await expect(admission.run('a', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await admission.run('a', async () => 'ok')).toBe('ok');
  });
});
