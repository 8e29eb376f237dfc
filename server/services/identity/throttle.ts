// Password-guessing throttle that an attacker cannot turn against the owner (docs/security.md, finding 4).
// No hard lock: each failure delays the next attempt of the same (login name, client address) exponentially,
// every client address has a cap over all names, and a name guessed from many addresses makes unknown
// devices and addresses wait while the owner's known device or address still logs in. Counters are in the
// database, so every server process counts every attempt. Each throttle is logged (scope, never the password).
import type { ServerContext } from '../../context.ts';
import { ApiError } from '../../http/api-error.ts';
import type { ThrottleScope, ThrottleSubject } from '../../store/repos/login-throttle.ts';

export const THROTTLE = {
  /** A count older than this starts again. */
  windowMs: 60 * 60_000,
  /** Failures allowed before the delay starts, and the longest delay, per scope. */
  pair: { free: 5, maxDelayMs: 15 * 60_000 },
  address: { free: 50, maxDelayMs: 60 * 60_000 },
  name: { free: 20, maxDelayMs: 15 * 60_000 },
} as const;

/** Where an attempt comes from; deviceId/accountId let the owner's known device pass the per-name cap. */
export interface AttemptOrigin {
  address: string;
  deviceId?: string | undefined;
}

const subjects = (loginKey: string, address: string): Record<ThrottleScope, ThrottleSubject> => ({
  pair: { scope: 'pair', subject: `${loginKey}\n${address}` },
  address: { scope: 'address', subject: address },
  name: { scope: 'name', subject: loginKey },
});

/** 1 s after the first failure past the free ones, doubling to the scope's longest delay. */
export function delayAfter(failures: number, scope: ThrottleScope): number {
  const { free, maxDelayMs } = THROTTLE[scope];
  if (failures <= free) return 0;
  return Math.min(maxDelayMs, 1000 * 2 ** Math.min(30, failures - free - 1));
}

export function createLoginThrottle(ctx: Pick<ServerContext, 'repos' | 'now' | 'log'>) {
  const repo = ctx.repos.loginThrottle;

  return {
    /**
     * Refuses (TOO_MANY_REQUESTS, Retry-After) an attempt that must wait. The per-name cap does not apply to a
     * device that had a session on the account, nor to an address the name logged in from before.
     */
    async admit(loginKey: string, accountId: number | null, origin: AttemptOrigin): Promise<void> {
      const now = ctx.now().getTime();
      const all = subjects(loginKey, origin.address);
      const knownDevice = accountId !== null && origin.deviceId ? await repo.isKnownDevice(accountId, origin.deviceId) : false;
      if (knownDevice) return;
      const blocking = await repo.blocking([all.pair, all.address, all.name], now);
      if (!blocking) return;
      if (blocking.scope !== 'pair' && (await repo.isKnownAddress(loginKey, origin.address))) {
        // The name logged in from this address before (the owner's desk, or a hospital's NAT shared by many
        // staff): the wide caps do not apply to it, only its own (name, address) delay.
        const own = await repo.blocking([all.pair], now);
        if (!own) return;
        throw new ApiError('TOO_MANY_REQUESTS', undefined, undefined, (own.untilMs - now) / 1000);
      }
      throw new ApiError('TOO_MANY_REQUESTS', undefined, undefined, (blocking.untilMs - now) / 1000);
    },

    async failed(loginKey: string, origin: AttemptOrigin): Promise<void> {
      const now = ctx.now().getTime();
      for (const subject of Object.values(subjects(loginKey, origin.address))) {
        const failures = await repo.countFailure(subject, now, THROTTLE.windowMs);
        const delay = delayAfter(failures, subject.scope);
        if (delay > 0) {
          await repo.blockUntil(subject, now + delay);
          ctx.log(`login throttled: ${subject.scope} after ${failures} failures, next attempt in ${Math.ceil(delay / 1000)} s (address ${origin.address})`);
        }
      }
    },

    async succeeded(loginKey: string, origin: AttemptOrigin): Promise<void> {
      await repo.clear(subjects(loginKey, origin.address).pair);
      await repo.rememberAddress(loginKey, origin.address, ctx.now().getTime());
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
