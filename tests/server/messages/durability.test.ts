// Every message the server acknowledged survives a SIGKILL of the server process mid-burst.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../generated/api/client.ts';
import { encryptAes } from '../../../server/crypto/aes.ts';
import { NodeTransport, signIn } from '../../support/node-transport.ts';
import { exited, killAllServerProcesses, startServerProcess } from '../../support/server-process.ts';
import { TEST_PASSWORD } from '../../support/test-server.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatgen-message-durability-'));
afterAll(() => {
  killAllServerProcesses();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A client on an existing session (api key and device key), pointed at another server process. */
function clientFor(url: string, session: NodeTransport['session']) {
  const transport = new NodeTransport(url);
  Object.assign(transport.session, session);
  return createApiClient(transport);
}

describe('message durability', () => {
  it('keeps every acknowledged message when the server is killed mid-burst', async () => {
    const first = await startServerProcess(dataDir, true);
    const setup = first.setup!;
    const { api, transport } = await signIn(first.url, setup.loginName, TEST_PASSWORD);
    const key = await api.getAesKeyByRoomId({ roomId: setup.roomId });
    if (!key.ok) throw new Error(JSON.stringify(key.errMsgList));
    const aesKey = key.data.aesKey;

    const acknowledged: string[] = [];
    const TARGET = 40;
    let killed = false;
    // Four senders at once, so requests are in flight when the process dies.
    const sender = async (lane: number) => {
      for (let i = 0; !killed; i++) {
        try {
          const result = await api.sendAesMessage({
            roomId: setup.roomId,
            messageKeyUuid: aesKey.messageKeyUuid,
            type: 'TEXT',
            checksum: randomUUID(),
            aesMessage: encryptAes(aesKey, new TextEncoder().encode(`lane ${lane} message ${i}`)),
          });
          if (result.ok) acknowledged.push(result.data.message.messageId);
        } catch {
          return; // the connection died with the process
        }
        if (!killed && acknowledged.length >= TARGET) {
          killed = true;
          first.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all([0, 1, 2, 3].map(sender));
    await exited(first.child);
    expect(first.child.signalCode).toBe('SIGKILL');
    expect(acknowledged.length).toBeGreaterThanOrEqual(TARGET);

    // The session survives the crash too: the same api key and device key work on the new process.
    const second = await startServerProcess(dataDir, false);
    const again = clientFor(second.url, transport.session);
    const present = new Set<string>();
    let lastMessageId: string | undefined;
    for (;;) {
      const page = await again.receiveAesMessages({ roomId: setup.roomId, lastMessageId, batchSize: 200, upOrDown: 'DOWN' });
      if (!page.ok) throw new Error(JSON.stringify(page.errMsgList));
      for (const m of page.data.messages) present.add(m.messageId);
      lastMessageId = page.data.messages.at(-1)?.messageId;
      if (!page.data.stillHaveData || !lastMessageId) break;
    }
    expect(acknowledged.filter((id) => !present.has(id))).toEqual([]);
    second.child.kill('SIGKILL');
  }, 120_000);
});
