// A copied api key alone gets nothing: secured calls and the socket's CONNECT must carry a Device-Proof signed with
// the session's device key (docs/security.md "Device proof"). ACCEPT_API_KEY_ALONE=1 turns the check off for
// clients that send the seed's headers alone.
import { Client } from '@stomp/stompjs';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodeByName } from '../../generated/errors.ts';
import { accountTopic } from '../../generated/realtime/index.ts';
import { makeDeviceProof } from '../../server/crypto/device-proof.ts';
import { generateRsaKeyPair, type RsaKeyPair } from '../../server/crypto/rsa.ts';
import { CONNECT_PROOF_TARGET, deviceProof } from '../../src/core/crypto/device-proof.ts';
import { signIn, type SignedInClient } from '../support/node-transport.ts';
import { listen } from '../support/stomp-listener.ts';
import { createTestAccount, startTestServer, TEST_PASSWORD, type TestServer } from '../support/test-server.ts';

const PROFILE_PATH = '/v3/chat/sec/account/getaccountprofile';

interface Answer {
  status: number;
  code: string | undefined;
}

async function post(server: TestServer, path: string, body: string, headers: Record<string, string>): Promise<Answer> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'Build-Version': '18', 'Device-Type': 'WEB', Platform: 'WEB', 'Push-Platform': 'WS', ...headers },
    body,
  });
  const json = (await response.json()) as { errMsgList?: { errors: { code: string }[] }[] };
  return { status: response.status, code: json.errMsgList?.[0]?.errors[0]?.code };
}

/** 'connected', or the ERROR frame's message. */
function connectWith(server: TestServer, connectHeaders: Record<string, string>): Promise<string> {
  const url = `${server.url.replace('http', 'ws')}/v3/ws`;
  return new Promise<string>((resolve) => {
    const client = new Client({ webSocketFactory: () => new WebSocket(url, ['v12.stomp']), connectHeaders, reconnectDelay: 0 });
    client.onConnect = () => {
      void client.deactivate();
      resolve('connected');
    };
    client.onStompError = (frame) => {
      void client.deactivate({ force: true });
      resolve(frame.headers.message ?? 'error');
    };
    client.activate();
  });
}

const ok = { status: 200, code: undefined };
const refused = { status: 401, code: errorCodeByName.SESSION_EXPIRED };

describe('device proof (secured calls need the device key, not only the api key)', () => {
  let server: TestServer;
  let user: SignedInClient;
  let device: RsaKeyPair;
  let stranger: RsaKeyPair;

  beforeAll(async () => {
    server = await startTestServer();
    await createTestAccount(server, { loginName: 'holder' });
    device = await generateRsaKeyPair();
    stranger = await generateRsaKeyPair();
    user = await signIn(server.url, 'holder', TEST_PASSWORD, { device });
  });
  afterAll(() => server?.close());

  const proofFor = (key: RsaKeyPair, path = PROFILE_PATH, body = '{}', now = Date.now()) =>
    makeDeviceProof(key.privateKeyPem, { method: 'POST', path, body }, now);

  it('refuses a valid api key with no proof, a malformed one, or one signed by another key', async () => {
    expect(await post(server, PROFILE_PATH, '{}', { 'Api-Key': user.apiKey })).toEqual(refused);
    expect(await post(server, PROFILE_PATH, '{}', { 'Api-Key': user.apiKey, 'Device-Proof': 'not-a-proof' })).toEqual(refused);
    expect(await post(server, PROFILE_PATH, '{}', { 'Api-Key': user.apiKey, 'Device-Proof': proofFor(stranger) })).toEqual(refused);
  });

  it('accepts a proof by the device key, once, and only for the path and body it signed', async () => {
    const proof = proofFor(device);
    expect(await post(server, PROFILE_PATH, '{}', { 'Api-Key': user.apiKey, 'Device-Proof': proof })).toEqual(ok);
    expect(await post(server, PROFILE_PATH, '{}', { 'Api-Key': user.apiKey, 'Device-Proof': proof })).toEqual({
      status: 400,
      code: errorCodeByName.ENVELOPE_REPLAYED,
    });
    const otherPath = '/v3/chat/sec/room/getroomlist';
    expect(await post(server, otherPath, '{"pageSize":30}', { 'Api-Key': user.apiKey, 'Device-Proof': proofFor(device) })).toEqual(refused);
    expect(await post(server, PROFILE_PATH, '{ }', { 'Api-Key': user.apiKey, 'Device-Proof': proofFor(device) })).toEqual(refused);
  });

  it('refuses a proof made more than the window away from the server clock', async () => {
    const stale = proofFor(device, PROFILE_PATH, '{}', Date.now() - 10 * 60 * 1000);
    expect(await post(server, PROFILE_PATH, '{}', { 'Api-Key': user.apiKey, 'Device-Proof': stale })).toEqual({
      status: 400,
      code: errorCodeByName.ENVELOPE_REPLAYED,
    });
  });

  it("accepts the browser client's proof (WebCrypto) as the server computes it", async () => {
    const proof = await deviceProof(device.privateKeyPem, { method: 'POST', path: PROFILE_PATH, body: '{}' });
    expect(await post(server, PROFILE_PATH, '{}', { 'Api-Key': user.apiKey, 'Device-Proof': proof })).toEqual(ok);
  });

  it('refuses a CONNECT with the api key alone and accepts one with a proof', async () => {
    expect(await connectWith(server, { 'Api-Key': user.apiKey })).not.toBe('connected');
    const browserProof = await deviceProof(device.privateKeyPem, { ...CONNECT_PROOF_TARGET, body: '' });
    expect(await connectWith(server, { 'Api-Key': user.apiKey, 'Device-Proof': browserProof })).toBe('connected');
    // the same proof again is a replay
    expect(await connectWith(server, { 'Api-Key': user.apiKey, 'Device-Proof': browserProof })).not.toBe('connected');
    const listener = await listen(server.url, user.apiKey, accountTopic(user.accountId)); // signs as the client does
    await listener.close();
  });
});

describe('ACCEPT_API_KEY_ALONE=1 (clients that send the seed headers alone)', () => {
  let server: TestServer;
  let user: SignedInClient;
  beforeAll(async () => {
    server = await startTestServer({ ACCEPT_API_KEY_ALONE: '1' });
    await createTestAccount(server, { loginName: 'seedclient' });
    user = await signIn(server.url, 'seedclient', TEST_PASSWORD);
  });
  afterAll(() => server?.close());

  it('accepts the api key without a proof on calls and on CONNECT', async () => {
    expect(await post(server, PROFILE_PATH, '{}', { 'Api-Key': user.apiKey })).toEqual(ok);
    expect(await connectWith(server, { 'Api-Key': user.apiKey })).toBe('connected');
  });
});
