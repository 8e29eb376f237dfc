// Every message the server acknowledged survives a SIGKILL of the server process mid-burst.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../generated/api/client.ts';
import { encryptAes } from '../../../server/crypto/aes.ts';
import { NodeTransport, signIn } from '../../support/node-transport.ts';
import { TEST_PASSWORD } from '../../support/test-server.ts';

const SERVER = fileURLToPath(new URL('./durability.server.ts', import.meta.url));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatgen-message-durability-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Started {
  child: ChildProcess;
  url: string;
  setup?: { roomId: string; loginName: string };
}

function startServerProcess(setup: boolean): Promise<Started> {
  return new Promise((resolve, reject) => {
    const args = ['--import', 'tsx', SERVER, dataDir, ...(setup ? ['setup'] : [])];
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let out = '';
    let err = '';
    let parsedSetup: Started['setup'];
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const lines = out.split('\n');
      out = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith('SETUP ')) parsedSetup = JSON.parse(line.slice(6)) as Started['setup'];
        if (line.startsWith('URL ')) resolve({ child, url: line.slice(4), setup: parsedSetup });
      }
    });
    child.on('exit', (code, signal) => reject(new Error(`server process ended (code ${code}, signal ${signal}): ${err}`)));
  });
}

/** A client on an existing session (api key and device key), pointed at another server process. */
function clientFor(url: string, session: NodeTransport['session']) {
  const transport = new NodeTransport(url);
  Object.assign(transport.session, session);
  return createApiClient(transport);
}

describe('message durability', () => {
  it('keeps every acknowledged message when the server is killed mid-burst', async () => {
    const first = await startServerProcess(true);
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
    await new Promise<void>((resolve) => (first.child.exitCode !== null || first.child.signalCode !== null ? resolve() : first.child.once('exit', () => resolve())));
    expect(first.child.signalCode).toBe('SIGKILL');
    expect(acknowledged.length).toBeGreaterThanOrEqual(TARGET);

    // The session survives the crash too: the same api key and device key work on the new process.
    const second = await startServerProcess(false);
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
