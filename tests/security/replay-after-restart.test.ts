// Finding 2: an envelope accepted just before a kill -9 is refused after the restart on the same data folder
// (it used to be accepted again and stored a duplicate message).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptAes } from '../../server/crypto/aes.ts';
import { openResponseOrFailed } from '../../server/crypto/envelope.ts';
import { createApiClient } from '../../generated/api/client.ts';
import { errorCodeByName } from '../../generated/errors.ts';
import { createScratchDatabase, type ScratchDatabase } from '../../server/store/scratch.ts';
import { testStore } from '../../server/store/testing.ts';
import { NodeTransport, signIn } from '../support/node-transport.ts';
import { exited, killAllServerProcesses, startServerProcess } from '../support/server-process.ts';
import { TEST_PASSWORD } from '../support/test-server.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatgen-replay-restart-'));
// On PostgreSQL (CHATGEN_TEST_STORE=postgres) the nonces live in the database server, which outlives the kill.
let scratch: ScratchDatabase | undefined;
const env: Record<string, string> = {};
beforeAll(async () => {
  if (testStore() !== 'postgres') return;
  scratch = await createScratchDatabase();
  env.DATABASE_URL = scratch.url;
});
afterAll(async () => {
  killAllServerProcesses();
  fs.rmSync(dataDir, { recursive: true, force: true });
  await scratch?.drop();
});

describe('replay protection across a restart', () => {
  it('refuses an envelope replayed after kill -9 and start on the same data folder', async () => {
    const first = await startServerProcess(dataDir, true, env);
    const { api, transport } = await signIn(first.url, first.setup!.loginName, TEST_PASSWORD);
    const key = await api.getAesKeyByRoomId({ roomId: first.setup!.roomId });
    if (!key.ok) throw new Error(JSON.stringify(key.errMsgList));
    const sent = await api.sendAesMessage({
      roomId: first.setup!.roomId,
      messageKeyUuid: key.data.aesKey.messageKeyUuid,
      type: 'TEXT',
      checksum: randomUUID(),
      aesMessage: encryptAes(key.data.aesKey, new TextEncoder().encode('sent once')),
    });
    expect(sent.ok).toBe(true);
    const captured = transport.sentBodies.findLast((entry) => entry.path === 'chat/sec/message/sendaesmessage');
    expect(captured).toBeDefined();
    await exited(first.child, true);

    const second = await startServerProcess(dataDir, false, env);
    const replay = await fetch(`${second.url}/v3/chat/sec/message/sendaesmessage`, {
      method: 'POST',
      headers: captured!.headers, // the whole request as it travelled: api key, device proof and envelope
      body: captured!.body,
    });
    // The failure is sealed to the device like every answer of this call.
    const { device, userPublicKeyPem } = transport.session;
    const answer = openResponseOrFailed(await replay.json(), device!.privateKeyPem, userPublicKeyPem!, 'GCM') as {
      status: string;
      errMsgList?: { errors: { code: string }[] }[];
    };
    expect(replay.status).toBe(400);
    expect(answer.status).toBe('failed');
    expect(answer.errMsgList?.[0]?.errors[0]?.code).toBe(errorCodeByName.ENVELOPE_REPLAYED);

    // And no duplicate was stored: the room holds the one message.
    const again = new NodeTransport(second.url);
    Object.assign(again.session, transport.session);
    const page = await createApiClient(again).receiveAesMessages({ roomId: first.setup!.roomId, batchSize: 50, upOrDown: 'DOWN' });
    if (!page.ok) throw new Error(JSON.stringify(page.errMsgList));
    expect(page.data.messages.filter((m) => m.messageType === 'TEXT')).toHaveLength(1);
    await exited(second.child, true);
  }, 120_000);
});
