/**
 * The server's replay guard: the freshness rule of replay-guard.ts, with the seen nonces kept in the database
 * (080_seen_nonces.sql) for the whole window. A nonce accepted before a crash, or by another server process,
 * is refused when it comes again. Expired nonces are purged at most once a minute, by whichever call comes.
 */
import type { NoncesRepo } from '../store/repos/nonces.ts';
import { freshnessVerdict, REPLAY_WINDOW_MS, type ReplayVerdict } from './replay-guard.ts';

const PURGE_INTERVAL_MS = 60_000;

export interface AsyncReplayGuard {
  /** Checks and, when fresh, records the nonce. Call only after the signature has been verified. */
  check(ts: number, nonce: string): Promise<ReplayVerdict>;
}

export interface DurableReplayGuardOptions {
  windowMs?: number;
  now?: () => number;
  log?: (message: string, error?: unknown) => void;
}

export function createDurableReplayGuard(nonces: NoncesRepo, options: DurableReplayGuardOptions = {}): AsyncReplayGuard {
  const windowMs = options.windowMs ?? REPLAY_WINDOW_MS;
  const now = options.now ?? Date.now;
  let lastPurge = 0;

  const purgeNow = (at: number) => {
    lastPurge = at;
    nonces.forgetExpired(at).catch((error: unknown) => options.log?.('replay guard: purging expired nonces failed', error));
  };

  return {
    async check(ts, nonce) {
      const at = now();
      const fresh = freshnessVerdict(ts, nonce, at, windowMs);
      if (fresh !== 'ok') return fresh;
      if (at - lastPurge > PURGE_INTERVAL_MS) purgeNow(at);
      // Replayable while its ts is within the window, i.e. until ts + window.
      return (await nonces.remember(nonce, ts + windowMs, at)) ? 'ok' : 'replayed_nonce';
    },
  };
}
