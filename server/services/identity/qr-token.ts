// The QR token a login page hears when it subscribes to /topic/qrtoken.{token}: the code it shows is its own topic
// token (the phone sends it back with sendnextoken), shown for `ttl` seconds; the page asks again with the next
// `count` (SUBSCRIBE header, starting at 1) while `remainingCount` is above 0. A count past the allowance, or one
// that is not a counter, is 'failed': the page shows the refresh icon, whose click starts again at 1.
import type { QrToken } from '../../../generated/types/index.ts';
import { QR_REMAINING_COUNT } from './tokens.ts';

export const QR_TOKEN_TTL_SECONDS = 60;

export function qrTokenFor(token: string, countHeader: string | undefined, ttlSeconds = QR_TOKEN_TTL_SECONDS): QrToken {
  const count = countHeader === undefined ? 1 : /^[1-9]\d{0,5}$/.test(countHeader) ? Number(countHeader) : NaN;
  // The first code plus QR_REMAINING_COUNT refreshes.
  const remainingCount = Number.isNaN(count) ? 0 : QR_REMAINING_COUNT + 1 - count;
  if (remainingCount < 0 || Number.isNaN(count)) return { token, ttl: ttlSeconds, remainingCount: 0, status: 'failed' };
  return { token, ttl: ttlSeconds, remainingCount, status: 'active' };
}
