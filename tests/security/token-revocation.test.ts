// Finding 3: a login token, OTP or QR grant dies with the sessions that could mint it. A password change,
// logout of all other sessions, disable and remote wipe revoke every live token of the account and every
// session but the caller's; a logout revokes what that session asked for. (A token used to log in after
// the owner changed the password and after the session that issued it logged out.)
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodeByName } from '../../generated/errors.ts';
import { accountTopic, qrTokenTopic, sendDestination } from '../../generated/realtime/index.ts';
import { identity } from '../../server/services/identity/index.ts';
import { anonymousApi } from '../server/identity/helpers.ts';
import { errorCode, loginWithToken, signIn, type SignedInClient } from '../support/node-transport.ts';
import { listen } from '../support/stomp-listener.ts';
import { createTestAccount, startTestServer, TEST_PASSWORD, type TestServer } from '../support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const TOKEN_INVALID = errorCodeByName.TOKEN_INVALID;
const SESSION_EXPIRED = errorCodeByName.SESSION_EXPIRED;

/** A new account signed in on two devices. */
async function twoDevices(loginName: string) {
  const account = await createTestAccount(server, { loginName });
  const first = await signIn(server.url, loginName, TEST_PASSWORD);
  const second = await signIn(server.url, loginName, TEST_PASSWORD);
  return { account, first, second };
}

/** One of each kind a session can mint: login token, OTP, next-token, QR JWT and the AUTH_OTP of a QR page. */
async function mintTokens(who: SignedInClient, loginName: string) {
  const login = await who.api.generateToken({});
  const otp = await who.api.generateOtp({ type: 'LOGIN' });
  const next = await who.api.getNexToken({});
  const jwt = await who.api.getJwt({});
  if (!login.ok || !otp.ok || !next.ok || !jwt.ok) throw new Error('minting tokens failed');
  const qrToken = randomUUID().replace(/-/g, '');
  // The page holds the token by subscribing on the login socket (docs/security.md, finding 10).
  const page = await listen<{ data?: { token: string } }>(server.url, null, qrTokenTopic(qrToken));
  const sent = await who.api.sendNexToken({ token: qrToken });
  expect(sent.ok).toBe(true);
  // The page first hears its own QR token (ttl, remainingCount); the grant is the frame that carries data.token.
  const grant = (await page.next((frame) => frame.data?.token !== undefined)).data!.token;
  await page.close();
  return [
    { token: login.data.token, type: 'SSO' as const },
    { token: otp.data.otp, type: 'OTP' as const },
    { token: next.data.token, type: 'NEXTOKEN' as const },
    { token: jwt.data.jwt, type: 'JWT' as const },
    { token: grant, type: 'AUTH_OTP' as const },
  ].map((t) => ({ ...t, loginName }));
}

type Minted = Awaited<ReturnType<typeof mintTokens>>;

async function expectAllRefused(tokens: Minted) {
  for (const { loginName, token, type } of tokens) {
    expect(errorCode(await loginWithToken(server.url, loginName, token, type)), `${type} token`).toBe(TOKEN_INVALID);
    // Nor does the token still name its account to a page that holds it.
    expect(errorCode(await anonymousApi(server.url).getLoginNameByToken({ tokenData: { token, type } })), `${type} name`).toBe(TOKEN_INVALID);
  }
}

const stillSignedIn = async (who: SignedInClient) => (await who.api.checkSession({})).ok;
const expectEnded = async (who: SignedInClient) => expect(errorCode(await who.api.checkSession({}))).toBe(SESSION_EXPIRED);

describe('login tokens and QR grants are revoked with the sessions', () => {
  it('a password change revokes every token and ends every other session; the caller stays', async () => {
    const { first, second } = await twoDevices('rev-pass');
    const tokens = [...(await mintTokens(first, 'rev-pass')), ...(await mintTokens(second, 'rev-pass'))];
    const changed = await first.api.updateLocalPassword({ oldPassword: TEST_PASSWORD, newPassword: 'N3w-Passw0rd!' });
    expect(changed.ok).toBe(true);
    await expectAllRefused(tokens);
    await expectEnded(second);
    expect(await stillSignedIn(first)).toBe(true);
  });

  it('the public password change (no session) revokes every token and ends every session', async () => {
    const { first } = await twoDevices('rev-pubpass');
    const tokens = await mintTokens(first, 'rev-pubpass');
    const changed = await anonymousApi(server.url).updatePassword({
      loginName: 'rev-pubpass',
      oldPassword: TEST_PASSWORD,
      newPassword: 'N3w-Passw0rd!',
      newConfirmPassword: 'N3w-Passw0rd!',
    });
    expect(changed.ok).toBe(true);
    await expectAllRefused(tokens);
    await expectEnded(first);
  });

  it('a logout revokes the tokens that session asked for, not those of the other device', async () => {
    const { first, second } = await twoDevices('rev-logout');
    const fromFirst = await mintTokens(first, 'rev-logout');
    const fromSecond = await mintTokens(second, 'rev-logout');
    expect((await first.api.logout({})).ok).toBe(true);
    await expectAllRefused(fromFirst);
    expect(await stillSignedIn(second)).toBe(true);
    const sso = fromSecond.find((t) => t.type === 'SSO')!;
    expect((await loginWithToken(server.url, sso.loginName, sso.token, sso.type)).ok).toBe(true);
  });

  it('logging out the other sessions revokes every token and ends the others; the caller stays', async () => {
    const { first, second } = await twoDevices('rev-others');
    const tokens = [...(await mintTokens(first, 'rev-others')), ...(await mintTokens(second, 'rev-others'))];
    expect((await first.api.logoutOtherSession({ apiKey: first.apiKey })).ok).toBe(true);
    await expectAllRefused(tokens);
    await expectEnded(second);
    expect(await stillSignedIn(first)).toBe(true);
  });

  it('logging out the other sessions over the socket does the same and tells them with FORCE_LOGOUT first', async () => {
    const { account, first, second } = await twoDevices('rev-socket');
    const tokens = await mintTokens(second, 'rev-socket');
    const heard = await listen<{ notifyType?: string; data?: { reason?: string; keepApiKeyHash?: string } }>(server.url, second.apiKey, accountTopic(account.id));
    const asking = await listen(server.url, first.apiKey, accountTopic(account.id));
    try {
      asking.publish(sendDestination.logoutOtherSessions(), { reason: 'LOGOUT_OTHER_SESSIONS' });
      const notice = await heard.next((f) => f.notifyType === 'FORCE_LOGOUT');
      expect(notice.data).toEqual({ reason: 'LOGOUT_OTHER_SESSION', keepApiKeyHash: createHash('sha256').update(first.apiKey).digest('hex') });
      await expectAllRefused(tokens);
      await expectEnded(second);
      expect(await stillSignedIn(first)).toBe(true);
    } finally {
      await heard.close();
      await asking.close();
    }
  });

  it('a remote wipe revokes every token and ends the wiped device', async () => {
    const { first, second } = await twoDevices('rev-wipe');
    const tokens = await mintTokens(second, 'rev-wipe');
    const wiped = await server.app.ctx.repos.sessions.findActiveByApiKey(second.apiKey);
    expect((await first.api.remoteWipe({ deviceId: wiped!.deviceId })).ok).toBe(true);
    await expectAllRefused(tokens);
    await expectEnded(second);
    expect(await stillSignedIn(first)).toBe(true);
  });

  it('disabling the account revokes every token and ends every session', async () => {
    const { account, first, second } = await twoDevices('rev-disable');
    const tokens = await mintTokens(first, 'rev-disable');
    await identity(server.app.ctx).sessions.disableAccount(account.id);
    await expectEnded(first);
    await expectEnded(second);
    // Enabled again, the old tokens still do not work: they were revoked, not merely refused while disabled.
    await server.app.ctx.repos.accounts.setDisabled(account.id, false);
    await expectAllRefused(tokens);
  });
});
