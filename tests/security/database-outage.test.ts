// A PostgreSQL outage under a running server: while the database cannot be reached every call answers 503 with
// Retry-After in the seed's failure shape (never 500) and GET /readyz reports not-ready, so a balancer stops
// routing here; once it is back, /readyz turns ready and calls succeed again with nothing lost. The shared
// PostgreSQL is never stopped: the server reaches it through a TCP proxy that the test cuts and restores.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptAes, type AesKeyRecord } from '../../server/crypto/aes.ts';
import { adminUrl } from '../../server/store/scratch.ts';
import { OUTAGE_RETRY_AFTER_SECONDS } from '../../server/store/reachability.ts';
import { NodeTransport, signIn, type SignedInClient } from '../support/node-transport.ts';
import { ok, roomKey } from '../support/people.ts';
import { createPreparedScratchDatabase } from '../support/prepared-store.ts';
import { startTcpProxy, throughProxy, type TcpProxy } from '../support/tcp-proxy.ts';
import { createTestAccount, startTestServer, TEST_PASSWORD, type TestServer } from '../support/test-server.ts';

let proxy: TcpProxy;
let server: TestServer;
let drop: () => Promise<void> = async () => undefined;
/** Headers of the last answer each signed-in client got. */
const lastHeaders = new Map<string, Headers>();

beforeAll(async () => {
  const scratch = await createPreparedScratchDatabase();
  drop = scratch.drop;
  const admin = new URL(adminUrl());
  proxy = await startTcpProxy({ host: admin.hostname, port: Number(admin.port || 5432) });
  server = await startTestServer({ DATABASE_URL: throughProxy(scratch.url, proxy) });
});
afterAll(async () => {
  await server?.close();
  await proxy?.close();
  await drop();
});

async function signedIn(loginName: string): Promise<SignedInClient> {
  await createTestAccount(server, { loginName });
  const recording: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    lastHeaders.set(loginName, response.headers);
    return response;
  };
  return signIn(server.url, loginName, TEST_PASSWORD, { transport: new NodeTransport(server.url, {}, recording) });
}

const send = (who: SignedInClient, roomId: string, key: AesKeyRecord, text: string) =>
  who.api.sendAesMessage({
    roomId,
    messageKeyUuid: key.messageKeyUuid,
    type: 'TEXT',
    checksum: randomUUID(),
    aesMessage: encryptAes(key, new TextEncoder().encode(text)),
  });

const readyStatus = async () => (await fetch(`${server.url}/readyz`)).status;

describe('PostgreSQL outage', () => {
  it('answers 503 with Retry-After and reports not-ready while the database is cut off, then recovers', async () => {
    const amy = await signedIn('amy');
    const ben = await signedIn('ben');
    const roomId = ok(await amy.api.createMultipleRoom({ roomName: 'Outage', memberIds: [ben.accountId] })).roomId;
    const key = await roomKey(amy, roomId);
    const before = ok(await send(amy, roomId, key, 'before')).message.messageId;
    expect(await readyStatus()).toBe(200);

    proxy.cut();
    // The first call meets the outage itself, the later ones the known outage; every one is a 503 with Retry-After.
    for (let i = 0; i < 6; i++) {
      const calls = [send(amy, roomId, key, `during ${i}`), amy.api.getAesKeyByRoomId({ roomId }), ben.api.getAccountProfile({})];
      for (const result of await Promise.all(calls)) {
        expect(result.ok).toBe(false);
        if (result.ok) continue;
        expect(result.httpStatus).toBe(503);
        expect(result.errMsgList[0]?.errors[0]?.code).toBe('UI_IM_E1012');
      }
      expect(lastHeaders.get('amy')?.get('retry-after')).toBe(String(OUTAGE_RETRY_AFTER_SECONDS));
      expect(lastHeaders.get('ben')?.get('retry-after')).toBe(String(OUTAGE_RETRY_AFTER_SECONDS));
    }
    const probe = await fetch(`${server.url}/readyz`);
    expect(probe.status).toBe(503);
    expect(probe.headers.get('retry-after')).toBe(String(OUTAGE_RETRY_AFTER_SECONDS));
    expect(await probe.json()).toEqual({ status: 'not-ready', stage: 'database-unreachable' });
    // Liveness is not readiness: the process itself is fine.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    proxy.restore();
    await expect.poll(readyStatus, { timeout: 15_000 }).toBe(200);
    const after = ok(await send(ben, roomId, key, 'after')).message.messageId;
    const page = ok(await ben.api.receiveAesMessages({ roomId, batchSize: 50, upOrDown: 'DOWN' }));
    const ids = page.messages.map((m) => m.messageId);
    expect(ids).toContain(before);
    expect(ids).toContain(after);
  }, 120_000);

  it('reports not-ready on a probe alone, with no call to notice the outage', async () => {
    proxy.cut();
    try {
      await expect.poll(readyStatus, { timeout: 15_000 }).toBe(503);
    } finally {
      proxy.restore();
    }
    await expect.poll(readyStatus, { timeout: 15_000 }).toBe(200);
  }, 60_000);
});
