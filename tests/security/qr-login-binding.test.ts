// The QR login's one-time code reaches only the login page that shows the code (issue 9, finding 10): a QR token is
// bound to the /v3/wslogin connection that subscribed to its topic first, anyone else who learns the token (a photo
// of the screen, a shoulder) is refused that topic, and a token no login page holds gets no code at all.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodeByName as E } from '../../generated/errors.ts';
import { QR_REMAINING_COUNT } from '../../server/services/identity/tokens.ts';
import { qrTokenTopic } from '../../generated/realtime/index.ts';
import { errorCode } from '../support/node-transport.ts';
import { ok, person, type Person } from '../support/people.ts';
import { listen } from '../support/stomp-listener.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

interface QrFrame {
  notifyType?: string;
  data?: { token?: string; type?: string };
  token?: string;
  ttl?: number;
  remainingCount?: number;
  status?: string;
}

let server: TestServer;
let phone: Person;

beforeAll(async () => {
  server = await startTestServer();
  phone = await person(server, 'qr_phone');
});
afterAll(() => server?.close());

const newQrToken = () => randomBytes(24).toString('base64url');

describe('QR login token binding', () => {
  it('only the page that subscribed first hears the one-time code; another listener is refused', async () => {
    const token = newQrToken();
    const page = await listen<QrFrame>(server.url, null, qrTokenTopic(token));
    try {
      await expect(listen<QrFrame>(server.url, null, qrTokenTopic(token))).rejects.toThrow(`not allowed to subscribe to ${qrTokenTopic(token)}`);
      ok(await phone.api.sendNexToken({ token }));
      const otp = await page.next((f) => f.notifyType === 'AUTH_OTP_GENERATED');
      expect(otp.data).toMatchObject({ type: 'AUTH_OTP' });
      expect(otp.data?.token).toMatch(/^[A-Z2-9]{12}$/);
    } finally {
      await page.close();
    }
  });

  it('the page hears its QR token with the refreshes left for its count, failed past the allowance', async () => {
    const token = newQrToken();
    const first = await listen<QrFrame>(server.url, null, qrTokenTopic(token), { count: '1' });
    try {
      expect(await first.next((f) => f.status !== undefined)).toEqual({ token, ttl: 60, remainingCount: QR_REMAINING_COUNT, status: 'active' });
    } finally {
      await first.close();
    }
    const late = await listen<QrFrame>(server.url, null, qrTokenTopic(newQrToken()), { count: String(QR_REMAINING_COUNT + 2) });
    try {
      expect(await late.next((f) => f.status !== undefined)).toMatchObject({ remainingCount: 0, status: 'failed' });
    } finally {
      await late.close();
    }
  });

  it('a binding outlives its connection: the token is not handed to the next subscriber', async () => {
    const token = newQrToken();
    const page = await listen<QrFrame>(server.url, null, qrTokenTopic(token));
    await page.close();
    await expect(listen<QrFrame>(server.url, null, qrTokenTopic(token))).rejects.toThrow(/not allowed/);
  });

  it('a QR token is used once: sent again by the same phone or by someone else it gets no further code', async () => {
    const other = await person(server, 'qr_other_phone');
    const token = newQrToken();
    const page = await listen<QrFrame>(server.url, null, qrTokenTopic(token));
    try {
      ok(await phone.api.sendNexToken({ token }));
      await page.next((f) => f.notifyType === 'AUTH_OTP_GENERATED');
      expect(errorCode(await phone.api.sendNexToken({ token }))).toBe(E.TOKEN_INVALID);
      expect(errorCode(await other.api.sendNexToken({ token }))).toBe(E.TOKEN_INVALID);
      // The refusals publish nothing: the page holds the one code it was given.
      expect(page.messages.filter((f) => f.notifyType === 'AUTH_OTP_GENERATED')).toHaveLength(1);
    } finally {
      await page.close();
    }
  });

  it('a token no login page holds gets no one-time code', async () => {
    expect(errorCode(await phone.api.sendNexToken({ token: newQrToken() }))).toBe(E.TOKEN_INVALID);
  });
});
