// Finding 7: bodies of 50 MB were read before login on every call. Now a JSON body has a 1 MiB limit, the
// calls that carry files their upload limit, and a missing api key or an oversize declared length is answered
// before a byte of the body is read.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodeByName } from '../../generated/errors.ts';
import { JSON_BODY_LIMIT } from '../../server/http/body-limits.ts';
import { signIn, type SignedInClient } from '../support/node-transport.ts';
import { createTestAccount, startTestServer, TEST_PASSWORD, type TestServer } from '../support/test-server.ts';

let server: TestServer;
let user: SignedInClient;
beforeAll(async () => {
  server = await startTestServer();
  await createTestAccount(server, { loginName: 'sender' });
  user = await signIn(server.url, 'sender', TEST_PASSWORD);
});
afterAll(() => server?.close());

/** Sends only the headers of a request that announces `length` bytes, and waits for the answer. */
function headersOnly(path: string, length: number, headers: Record<string, string> = {}): Promise<{ status: number; code?: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${server.url}/v3${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(length), ...headers },
    });
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => {
        const body = JSON.parse(text) as { errMsgList?: { errors: { code: string }[] }[] };
        resolve({ status: response.statusCode ?? 0, code: body.errMsgList?.[0]?.errors[0]?.code });
        request.destroy();
      });
    });
    request.on('error', reject);
    request.flushHeaders(); // the body never comes: only an answer given before reading it can arrive
  });
}

describe('request body limits', () => {
  it('refuses a secured call without an api key before reading its 50 MB body', async () => {
    const answer = await headersOnly('/chat/sec/message/sendaesmessage', 50 * 1024 * 1024);
    expect(answer).toEqual({ status: 401, code: errorCodeByName.SESSION_EXPIRED });
  });

  it('refuses a declared body over the JSON limit on a call without files, signed in or not, before reading it', async () => {
    expect(await headersOnly('/chat/sec/account/getaccountprofile', JSON_BODY_LIMIT + 1, { 'Api-Key': user.apiKey })).toEqual({
      status: 413,
      code: errorCodeByName.TOO_LARGE,
    });
    expect(await headersOnly('/chat/pub/authentication/getuserpubkey', 45 * 1024 * 1024)).toEqual({ status: 413, code: errorCodeByName.TOO_LARGE });
  });

  it('cuts a chunked body (no declared length) at the limit of its call', async () => {
    const chunks = (async function* () {
      for (let i = 0; i < 40; i++) yield new Uint8Array(64 * 1024).fill(0x20);
    })();
    const response = await fetch(`${server.url}/v3/chat/sec/account/getaccountprofile`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'Api-Key': user.apiKey },
      body: chunks as unknown as BodyInit, // a stream of 2.5 MiB of spaces
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
  });

  it('lets a call that carries files send more than the JSON limit', async () => {
    const body = JSON.stringify({ roomId: '1', messageKeyUuid: 'x', type: 'FILE', checksum: 'c', aesMessageFile: 'A'.repeat(3 * 1024 * 1024) });
    const response = await fetch(`${server.url}/v3/chat/sec/message/sendaesmessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'Api-Key': user.apiKey },
      body,
    });
    // Read and judged on its content (not an envelope, so refused), not on its size.
    expect(response.status).not.toBe(413);
    expect(response.status).toBeLessThan(500);
  });
});
