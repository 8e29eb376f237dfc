import { describe, expect, it } from 'vitest';
import { qrTokenFor } from './qr-token.ts';
import { QR_REMAINING_COUNT } from './tokens.ts';

describe('qrTokenFor', () => {
  it('counts the refreshes left down from the first code (count 1) to 0', () => {
    expect(qrTokenFor('t', '1', 30)).toEqual({ token: 't', ttl: 30, remainingCount: QR_REMAINING_COUNT, status: 'active' });
    expect(qrTokenFor('t', undefined, 30).remainingCount).toBe(QR_REMAINING_COUNT);
    expect(qrTokenFor('t', String(QR_REMAINING_COUNT + 1)).remainingCount).toBe(0);
    expect(qrTokenFor('t', String(QR_REMAINING_COUNT + 1)).status).toBe('active');
  });

  it('is failed past the allowance or for a count that is not a counter', () => {
    for (const count of [String(QR_REMAINING_COUNT + 2), '0', '-1', 'abc', '1.5', '99999999']) {
      expect(qrTokenFor('t', count)).toMatchObject({ remainingCount: 0, status: 'failed' });
    }
  });
});
