// Login, sessions and envelopes over the wire against a real reference server.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aesKeyRecordFromBytes, decryptAesText, encryptAesText } from '../../../server/crypto/aes.ts';
import { sealRequestEnvelope } from '../../../server/crypto/envelope.ts';
import { generateRsaKeyPair } from '../../../server/crypto/rsa.ts';
import { errorCode, LoginError } from '../../support/node-transport.ts';
import { signIn } from '../../support/node-transport.ts';
import { anonymousApi } from './helpers.ts';
import { createTestAccount, startTestServer, TEST_PASSWORD, type TestServer } from '../../support/test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await createTestAccount(server, { loginName: 'alice' });
  await createTestAccount(server, { loginName: 'bob' });
  await createTestAccount(server, { loginName: 'carol', mustChangePassword: true });
  await createTestAccount(server, { loginName: 'dave' });
  await createTestAccount(server, { loginName: 'erin' });
});

afterAll(async () => {
  await server.close();
});

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}/v3${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const codeOf = (body: Record<string, unknown>) =>
  (body.errMsgList as { errors: { code: string }[] }[] | undefined)?.[0]?.errors[0]?.code;

describe('login', () => {
  it('signs in with the right password and reads the profile', async () => {
    const client = await signIn(server.url, 'alice', TEST_PASSWORD);
    expect(client.apiKey).toMatch(/^[0-9a-f]{64}$/);
    const profile = await client.api.getAccountProfile({});
    expect(profile.ok).toBe(true);
    if (!profile.ok) return;
    expect(profile.data.accountInfo.loginName).toBe('alice');
    expect(profile.data.functionRoleTypes).toContain('IM_USER');
    expect(profile.data.tenantInfo?.tenantId).toMatch(/^\d+$/);
    expect(profile.data.logInfo?.lastLoginTime).toBeTypeOf('number');
  });

  it('refuses a wrong password with LOGIN_FAILED and HTTP 401', async () => {
    const attempt = signIn(server.url, 'alice', 'wrong password');
    await expect(attempt).rejects.toBeInstanceOf(LoginError);
    const error = (await attempt.catch((e: unknown) => e)) as LoginError;
    expect(error.httpStatus).toBe(401);
    expect(error.errMsgList[0]?.errors[0]?.code).toBe('UI_IM_E2001');
  });

  it('sends a must-change-password account to the password page, then lets it in', async () => {
    const attempt = (await signIn(server.url, 'carol', TEST_PASSWORD).catch((e: unknown) => e)) as LoginError;
    expect(attempt).toBeInstanceOf(LoginError);
    expect(attempt.errMsgList[0]?.errors[0]?.code).toBe('UI_IM_E9912');

    const api = anonymousApi(server.url);
    const mismatch = await api.updatePassword({ loginName: 'carol', oldPassword: TEST_PASSWORD, newPassword: 'N3w-pass!', newConfirmPassword: 'other' });
    expect(errorCode(mismatch)).toBe('UI_IM_E2004');
    const wrongOld = await api.updatePassword({ loginName: 'carol', oldPassword: 'nope', newPassword: 'N3w-pass!', newConfirmPassword: 'N3w-pass!' });
    expect(errorCode(wrongOld)).toBe('UI_IM_E2003');
    const blank = await api.updatePassword({ loginName: 'carol', oldPassword: TEST_PASSWORD, newPassword: '  ', newConfirmPassword: '  ' });
    expect(errorCode(blank)).toBe('UI_IM_E2006');
    const changed = await api.updatePassword({ loginName: 'carol', oldPassword: TEST_PASSWORD, newPassword: 'N3w-pass!', newConfirmPassword: 'N3w-pass!' });
    expect(changed.ok).toBe(true);

    const client = await signIn(server.url, 'carol', 'N3w-pass!');
    expect(client.accountId).toMatch(/^\d+$/);
    await expect(signIn(server.url, 'carol', TEST_PASSWORD)).rejects.toBeInstanceOf(LoginError);
  });

  it('does not send the api key in clear text on the wire', async () => {
    const { transport } = await signIn(server.url, 'alice', TEST_PASSWORD);
    const key = await post('/chat/pub/authentication/getuserpubkey', { loginName: 'alice' });
    const device = await generateRsaKeyPair();
    const wire = sealRequestEnvelope(
      'alice',
      { loginName: 'alice', password: TEST_PASSWORD, devicePubKey: device.publicKeyPem, deviceID: randomUUID() },
      device.privateKeyPem,
      key.body.userPubKey as string,
      'GCM',
    );
    const raw = await post('/chat/pub/authentication/login', wire);
    expect(raw.status).toBe(200);
    expect(Object.keys(raw.body).sort()).toEqual(['body', 'key']);
    expect(JSON.stringify(raw.body)).not.toContain('apiKey');
    // What the client sent for login was an envelope too: no password in clear.
    const sentLogin = transport.sentBodies.find((b) => b.path === 'chat/pub/authentication/login');
    expect(sentLogin?.body).not.toContain(TEST_PASSWORD);
  });
});

describe('api keys and sessions', () => {
  it('refuses a secured call without an api key or with a bad one (401)', async () => {
    const none = await post('/chat/sec/account/getaccountprofile', {});
    expect(none.status).toBe(401);
    expect(codeOf(none.body)).toBe('UI_IM_E1002');
    const bad = await post('/chat/sec/account/getaccountprofile', {}, { 'Api-Key': 'f'.repeat(64) });
    expect(bad.status).toBe(401);
  });

  it('makes the api key useless after logout', async () => {
    const client = await signIn(server.url, 'bob', TEST_PASSWORD);
    expect((await client.api.checkSession({})).ok).toBe(true);
    expect((await client.api.logout({})).ok).toBe(true);
    const after = await client.api.checkSession({});
    expect(after.ok).toBe(false);
    if (!after.ok) expect(after.httpStatus).toBe(401);
  });

  it('ends the other sessions with logoutothersession and keeps the caller', async () => {
    const first = await signIn(server.url, 'dave', TEST_PASSWORD);
    const second = await signIn(server.url, 'dave', TEST_PASSWORD);
    const result = await second.api.logoutOtherSession({ apiKey: second.apiKey });
    expect(result.ok).toBe(true);
    expect(errorCode(await first.api.checkSession({}))).toBe('UI_IM_E1002');
    expect((await second.api.checkSession({})).ok).toBe(true);
  });

  it('ends the sessions of a wiped device', async () => {
    const phone = await signIn(server.url, 'erin', TEST_PASSWORD);
    const web = await signIn(server.url, 'erin', TEST_PASSWORD);
    const sessions = await server.app.ctx.repos.sessions.listActive(Number(phone.accountId));
    const phoneSession = sessions[0]!;
    expect((await web.api.remoteWipe({ deviceId: phoneSession.deviceId })).ok).toBe(true);
    expect(errorCode(await phone.api.checkSession({}))).toBe('UI_IM_E1002');
    expect((await web.api.checkSession({})).ok).toBe(true);
  });
});

describe('envelopes', () => {
  async function freshLoginEnvelope() {
    const key = await post('/chat/pub/authentication/getuserpubkey', { loginName: 'alice' });
    const device = await generateRsaKeyPair();
    return sealRequestEnvelope(
      'alice',
      { loginName: 'alice', password: TEST_PASSWORD, devicePubKey: device.publicKeyPem, deviceID: randomUUID() },
      device.privateKeyPem,
      key.body.userPubKey as string,
      'GCM',
    );
  }

  it('refuses an envelope whose body was tampered with', async () => {
    const wire = await freshLoginEnvelope();
    const body = Buffer.from(wire.body, 'base64');
    body[20] = body[20]! ^ 0x01;
    const result = await post('/chat/pub/authentication/login', { ...wire, body: body.toString('base64') });
    expect(result.status).toBe(400);
    expect(codeOf(result.body)).toBe('UI_IM_E1010');
  });

  it('refuses an envelope whose signature has one byte flipped', async () => {
    const key = await post('/chat/pub/authentication/getuserpubkey', { loginName: 'alice' });
    const device = await generateRsaKeyPair();
    const rawKey = randomBytes(32);
    const wire = sealRequestEnvelope(
      'alice',
      { loginName: 'alice', password: TEST_PASSWORD, devicePubKey: device.publicKeyPem, deviceID: randomUUID() },
      device.privateKeyPem,
      key.body.userPubKey as string,
      'GCM',
      { rawKey },
    );
    // Open the body with the known AES key, flip one byte of the signature, seal it again.
    const record = aesKeyRecordFromBytes(rawKey, 'GCM');
    const inner = JSON.parse(decryptAesText(record, wire.body)) as { signature: string };
    const signature = Buffer.from(inner.signature, 'base64');
    signature[0] = signature[0]! ^ 0x80;
    inner.signature = signature.toString('base64');
    const result = await post('/chat/pub/authentication/login', { ...wire, body: encryptAesText(record, JSON.stringify(inner)) });
    expect(result.status).toBe(400);
    expect(codeOf(result.body)).toBe('UI_IM_E1010');
  });

  it('refuses a replayed envelope', async () => {
    const wire = await freshLoginEnvelope();
    const first = await post('/chat/pub/authentication/login', wire);
    expect(first.status).toBe(200);
    const again = await post('/chat/pub/authentication/login', wire);
    expect(again.status).toBe(400);
    expect(codeOf(again.body)).toBe('UI_IM_E1011');
  });

  it('announces the encrypted paths in the application profiles', async () => {
    const pub = await post('/chat/pub/application/getpublicapplicationprofile', {});
    expect(pub.body.isReqEncryptedList).toContain('chat/pub/authentication/login');
    expect(pub.body.isRespEncryptedList).toContain('chat/pub/authentication/login');
    expect(pub.body.defaultEncryptionAlgorithm).toBe('GCM');
    const path = await post('/chat/pub/application/getpathsecurity', { path: 'chat/pub/authentication/login' });
    expect(path.body).toMatchObject({ status: 'success', isReqEncrypted: true, isResEncrypted: true });

    const client = await signIn(server.url, 'alice', TEST_PASSWORD);
    const profile = await client.api.getApplicationProfile({});
    expect(profile.ok).toBe(true);
    if (!profile.ok) return;
    expect(profile.data.isReqEncryptedList).toEqual(pub.body.isReqEncryptedList);
    expect(profile.data.mqSysName).toBe(server.app.ctx.config.mqSysName);
    expect(profile.data.clientConfig?.attachSize).toBe(server.app.ctx.config.attachSizeBytes);
  });
});
