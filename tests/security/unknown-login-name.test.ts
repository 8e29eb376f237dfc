// An outsider cannot tell which login names exist: getuserpubkey answers an unknown name exactly as a known one
// (a decoy key, stable for the name, from a small pool), and a login with an unknown name fails exactly like a
// wrong password: same HTTP status, same codes and texts, same sealed envelope on the wire.
import { createPublicKey, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openResponseEnvelope, sealRequestEnvelope } from '../../server/crypto/envelope.ts';
import { generateRsaKeyPair, type RsaKeyPair } from '../../server/crypto/rsa.ts';
import { DECOY_POOL_SIZE } from '../../server/services/identity/user-keys.ts';
import { createTestAccount, startTestServer, TEST_PASSWORD, type TestServer } from '../support/test-server.ts';

let dataDir: string;
let server: TestServer;
let device: RsaKeyPair;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'chatgen-unknown-name-'));
  server = await startTestServer({}, dataDir);
  await createTestAccount(server, { loginName: 'olivia' });
  const gone = await createTestAccount(server, { loginName: 'departed' });
  await server.app.ctx.repos.accounts.setDisabled(gone.id, true);
  device = await generateRsaKeyPair();
});

afterAll(async () => {
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  contentType: string | null;
  body: Record<string, unknown>;
}

async function post(target: TestServer, call: string, body: unknown): Promise<Answer> {
  const response = await fetch(`${target.url}/v3/chat/pub/${call}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'Device-Type': 'WEB', Platform: 'WEB', 'Push-Platform': 'WS', 'Build-Version': '18' },
    body: JSON.stringify(body),
  });
  return { status: response.status, contentType: response.headers.get('content-type'), body: (await response.json()) as Record<string, unknown> };
}

const publicKeyOf = async (target: TestServer, loginName: string) => {
  const answer = await post(target, 'authentication/getuserpubkey', { loginName });
  expect(answer.status).toBe(200);
  return String(answer.body.userPubKey);
};

/** The client's login: key fetch, envelope sealed to that key, the response opened and verified with it. */
async function login(loginName: string, password: string) {
  const userPubKey = await publicKeyOf(server, loginName);
  const wire = sealRequestEnvelope(
    loginName,
    { loginName, password, devicePubKey: device.publicKeyPem, deviceID: randomUUID(), deviceInfo: { deviceType: 'WEB' } },
    device.privateKeyPem,
    userPubKey,
    'GCM',
  );
  const answer = await post(server, 'authentication/login', wire);
  const opened = openResponseEnvelope(answer.body, device.privateKeyPem, userPubKey, 'GCM');
  return { answer, opened };
}

describe('unknown login names', () => {
  it('get a public key shaped exactly like a real one', async () => {
    const known = await post(server, 'authentication/getuserpubkey', { loginName: 'olivia' });
    for (const name of ['nobody', 'departed', 'olivia.wong', 'x']) {
      const unknown = await post(server, 'authentication/getuserpubkey', { loginName: name });
      expect(unknown.status).toBe(known.status);
      expect(unknown.contentType).toBe(known.contentType);
      expect(Object.keys(unknown.body).sort()).toEqual(Object.keys(known.body).sort());
      expect(unknown.body.status).toBe('success');
      const key = createPublicKey(String(unknown.body.userPubKey));
      expect(key.asymmetricKeyDetails?.modulusLength).toBe(2048);
      expect(String(unknown.body.userPubKey)).toMatch(/^-----BEGIN PUBLIC KEY-----\n(?:[A-Za-z0-9+/=]{64}\n)+[A-Za-z0-9+/=]{1,64}\n-----END PUBLIC KEY-----\n?$/);
      expect(String(unknown.body.userPubKey).length).toBe(String(known.body.userPubKey).length);
      expect(unknown.body.userPubKey).not.toBe(known.body.userPubKey);
    }
  });

  it('get the same decoy every time, from a small pool made once, kept across a restart', async () => {
    const first = await publicKeyOf(server, 'nobody');
    expect(await publicKeyOf(server, 'nobody')).toBe(first);
    expect(await publicKeyOf(server, 'NOBODY')).toBe(first);

    const names = Array.from({ length: 40 }, (_, i) => `ghost${i}`);
    const decoys = new Map<string, string>();
    for (const name of names) decoys.set(name, await publicKeyOf(server, name));
    const distinct = new Set(decoys.values());
    expect(distinct.size).toBeGreaterThan(1);
    expect(distinct.size).toBeLessThanOrEqual(DECOY_POOL_SIZE);

    await server.close();
    server = await startTestServer({}, dataDir);
    expect(await publicKeyOf(server, 'nobody')).toBe(first);
    for (const name of names.slice(0, 10)) expect(await publicKeyOf(server, name)).toBe(decoys.get(name));
  });

  it('fail to log in exactly like a wrong password: same status, codes, texts and sealed response', async () => {
    const wrongPassword = await login('olivia', 'not her password');
    const unknownName = await login('nobody', 'not her password');
    const disabled = await login('departed', TEST_PASSWORD);

    for (const outcome of [wrongPassword, unknownName, disabled]) {
      expect(outcome.answer.status).toBe(401);
      expect(Object.keys(outcome.answer.body).sort()).toEqual(['body', 'key']);
      expect(outcome.opened.ok).toBe(true);
    }
    const payloads = [wrongPassword, unknownName, disabled].map((o) => (o.opened.ok ? o.opened.payload : null));
    expect(payloads[0]).toMatchObject({ status: 'failed', errMsgList: [{ locale: 'en_US', errors: [{ code: 'UI_IM_E2001' }] }, { locale: 'zh_TW' }] });
    expect(payloads[1]).toEqual(payloads[0]);
    expect(payloads[2]).toEqual(payloads[0]);
  });

  it('fail a password change exactly like a wrong old password', async () => {
    const change = (loginName: string) =>
      post(server, 'account/updatepassword', { loginName, oldPassword: 'guess', newPassword: 'N3w-pass!', newConfirmPassword: 'N3w-pass!' });
    const known = await change('olivia');
    const unknown = await change('nobody');
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
  });
});
