// Walks every call of the contract against a real server: each is routed, refuses a missing api key where
// secured, and answers a malformed body with a 4xx `failed` envelope carrying en_US and zh_TW texts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../generated/api/endpoints.ts';
import { errorCodeByName } from '../../generated/errors.ts';
import { openResponseOrFailed } from '../../server/crypto/envelope.ts';
import { deviceProofHeaders, signIn, type SignedInClient } from '../support/node-transport.ts';
import { createTestAccount, startTestServer, TEST_PASSWORD, type TestServer } from '../support/test-server.ts';

let server: TestServer;
let user: SignedInClient;

beforeAll(async () => {
  server = await startTestServer();
  await createTestAccount(server, { loginName: 'walker' });
  user = await signIn(server.url, 'walker', TEST_PASSWORD);
});
afterAll(() => server?.close());

async function post(path: string, body: string, apiKey?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'Device-Type': 'WEB' };
  if (apiKey) Object.assign(headers, { 'Api-Key': apiKey }, deviceProofHeaders(apiKey, { method: 'POST', path: `/v3${path}`, body }));
  const response = await fetch(`${server.url}/v3${path}`, { method: 'POST', headers, body });
  let json = (await response.json()) as Record<string, unknown>;
  // Failures on response-encrypted paths arrive sealed to the caller's device, like successes.
  if (typeof json.key === 'string' && typeof json.body === 'string') {
    const { device, userPublicKeyPem } = user.transport.session;
    json = openResponseOrFailed(json, device!.privateKeyPem, userPublicKeyPem!, 'GCM') as Record<string, unknown>;
  }
  return { status: response.status, body: json as { status: string; errMsgList?: { locale: string }[] } };
}

const all = Object.values(endpoints);

describe('every endpoint of the contract', () => {
  it('has more than 150 calls to walk', () => {
    expect(all.length).toBeGreaterThan(150);
  });

  it('answers a malformed body with a 4xx failed envelope in en_US and zh_TW, never a 5xx', async () => {
    const outcomes: string[] = [];
    for (const endpoint of all) {
      const { status, body } = await post(endpoint.path, '[1, "not an object"]', user.apiKey);
      const locales = (body.errMsgList ?? []).map((group) => group.locale).sort();
      if (status < 400 || status >= 500 || body.status !== 'failed' || locales.join() !== 'en_US,zh_TW') {
        outcomes.push(`${endpoint.path}: HTTP ${status} ${JSON.stringify(body).slice(0, 120)}`);
      }
    }
    expect(outcomes).toEqual([]);
  });

  it('refuses every secured call without an api key with 401', async () => {
    const accepted: string[] = [];
    for (const endpoint of all.filter((e) => e.access === 'secured')) {
      const { status, body } = await post(endpoint.path, '{}');
      if (status !== 401 || body.status !== 'failed') accepted.push(`${endpoint.path}: HTTP ${status}`);
    }
    expect(accepted).toEqual([]);
  });

  it('answers an unknown call with 404 UNKNOWN_CALL', async () => {
    const { status, body } = await post('/chat/sec/room/nosuchcall', '{}', user.apiKey);
    expect(status).toBe(404);
    expect(JSON.stringify(body)).toContain(errorCodeByName.UNKNOWN_CALL);
  });

  it("answers a field's own error text where the schema names one (x-error)", async () => {
    const tooLong = await user.api.updateCustomDisplayName({ customDisplayName: 'x'.repeat(31) });
    expect(tooLong.ok).toBe(false);
    expect(tooLong.ok ? '' : tooLong.errMsgList[0]?.errors[0]?.code).toBe(errorCodeByName.NAME_LENGTH);
    expect(tooLong.ok ? '' : tooLong.errMsgList[0]?.errors[0]?.message).toContain('Please check the name length');
    const missing = await post('/chat/pub/account/updatepassword', JSON.stringify({ loginName: 'walker' }));
    expect(JSON.stringify(missing.body)).toContain(errorCodeByName.VALIDATE_INFORMATION);
  });
});

describe('field errors named by the schema', () => {
  it('answers a group without members or name with the seed text, not a generic refusal', async () => {
    const noMembers = await post('/chat/sec/room/createmultipleroom', JSON.stringify({ roomName: 'Ward 7', memberIds: [] }), user.apiKey);
    expect(JSON.stringify(noMembers.body)).toContain('Member or Room Name are missing');
    const noName = await post('/chat/sec/room/createmultipleroom', JSON.stringify({ memberIds: ['1'] }), user.apiKey);
    expect(JSON.stringify(noName.body)).toContain(errorCodeByName.GROUP_FIELDS_MISSING);
    const tooLong = await user.api.createMultipleRoom({ roomName: 'r'.repeat(31), memberIds: ['1'] });
    expect(tooLong.ok ? '' : tooLong.errMsgList[0]?.errors[0]?.code).toBe(errorCodeByName.NAME_LENGTH);
    const single = await post('/chat/sec/room/createsingleroom', '{}', user.apiKey);
    expect(JSON.stringify(single.body)).toContain('Chat Member is missing');
  });
});
