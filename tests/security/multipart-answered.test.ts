// Every multipart call is answered or closed in bounded time: a payload part over ~64 KiB once stalled the
// upload for good (nothing drained the body once it was handed to the multipart reader), aborted uploads held
// their sockets, and a server with such a request open no longer stopped on SIGTERM.
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodeByName } from '../../generated/errors.ts';
import { deviceProofHeaders, signIn, type SignedInClient } from '../support/node-transport.ts';
import { exited, killAllServerProcesses, startServerScript } from '../support/server-process.ts';
import { createTestAccount, prepareTestStore, startTestServer, TEST_PASSWORD, type TestServer } from '../support/test-server.ts';

const CALL = '/v3/chat/sec/message/downloadaesfile';
const BOUNDARY = 'chatgen-test-boundary';

let server: TestServer;
let user: SignedInClient;
beforeAll(async () => {
  server = await startTestServer();
  await createTestAccount(server, { loginName: 'uploader' });
  user = await signIn(server.url, 'uploader', TEST_PASSWORD);
});
afterAll(async () => {
  killAllServerProcesses();
  await server?.close();
});

function payloadPart(json: string): Buffer {
  return Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="payload"\r\n\r\n${json}\r\n--${BOUNDARY}--\r\n`,
  );
}

interface Answer {
  status: number;
  body: { status?: string; errMsgList?: { errors: { code: string }[] }[] };
}

/** Sends a whole multipart body (its payload part `payloadJson`, signed as the client signs it) and reads the answer. */
function post(url: string, payloadJson: string, apiKey: string): Promise<Answer> {
  const body = payloadPart(payloadJson);
  const proof = deviceProofHeaders(apiKey, { method: 'POST', path: CALL, body: payloadJson });
  return new Promise((resolve, reject) => {
    const request = http.request(`${url}${CALL}`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': String(body.length), 'Api-Key': apiKey, ...proof },
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) as Answer['body'] }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** Starts an upload that announces `announced` bytes, sends `sent` of them, and leaves the request open. */
function partialUpload(url: string, apiKey: string, announced: number, sent: Buffer): Promise<http.ClientRequest> {
  return new Promise((resolve) => {
    const request = http.request(`${url}${CALL}`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': String(announced), 'Api-Key': apiKey },
    });
    request.on('error', () => undefined); // aborted on purpose
    request.on('response', (response) => response.resume());
    request.write(sent, () => resolve(request));
  });
}

function openConnections(app: TestServer['app']): Promise<number> {
  return new Promise((resolve, reject) => app.http.server.getConnections((error, count) => (error ? reject(error) : resolve(count))));
}

describe('multipart calls', () => {
  it('answers a payload part of 100 KiB and of 1 MB at once, in the seed error shape', async () => {
    const small = JSON.stringify({ roomId: '1', fileId: 'x', padding: ' '.repeat(100 * 1024) });
    const started = Date.now();
    const answer = await post(server.url, small, user.apiKey);
    expect(answer.status).toBe(400);
    expect(answer.body.status).toBe('failed');

    const big = JSON.stringify({ roomId: '1', fileId: 'x', padding: ' '.repeat(1024 * 1024) });
    const bigAnswer = await post(server.url, big, user.apiKey);
    expect(bigAnswer.status).toBe(413);
    expect(bigAnswer.body.errMsgList?.[0]?.errors[0]?.code).toBe(errorCodeByName.TOO_LARGE);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('leaves no socket open after 100 aborted uploads', async () => {
    const before = await openConnections(server.app);
    const requests = await Promise.all(
      Array.from({ length: 100 }, () => partialUpload(server.url, user.apiKey, 2 * 1024 * 1024, payloadPart('{"padding":"' + 'a'.repeat(200 * 1024)).subarray(0, 150 * 1024))),
    );
    for (const request of requests) request.destroy();
    await expect.poll(() => openConnections(server.app), { timeout: 10_000 }).toBeLessThanOrEqual(before);
  });

  it('stops on SIGTERM within 5 s while uploads are still open', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'chatgen-sigterm-'));
    const store = await prepareTestStore(dataDir, false);
    try {
      const script = fileURLToPath(new URL('../server/messages/durability.server.ts', import.meta.url));
      const child = await startServerScript(script, [dataDir, 'setup'], store.env);
      const writer = await signIn(child.url, child.setup!.loginName, TEST_PASSWORD);
      const open = await Promise.all(
        Array.from({ length: 5 }, () => partialUpload(child.url, writer.apiKey, 2 * 1024 * 1024, Buffer.from(`--${BOUNDARY}\r\n`))),
      );
      const started = Date.now();
      child.child.kill('SIGTERM');
      await exited(child.child);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(child.child.exitCode).toBe(0);
      for (const request of open) request.destroy();
    } finally {
      await store.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
