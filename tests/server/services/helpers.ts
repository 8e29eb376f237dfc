// Shared set-up of the services tests: signed-in people, rooms, ciphertext, a STOMP listener, and the
// fake provider as a child process.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { AesKeyRecord } from '../../../server/crypto/aes.ts';
import { ok, type Person } from '../../support/people.ts';

export {
  decryptText,
  encryptText,
  listen,
  ok,
  person,
  replyQueueOf,
  roomKey,
  type Person,
  type StompListener as Listener,
} from '../../support/people.ts';

/** A group room made by the first person through createmultipleroom. */
export async function groupRoom(admin: Person, others: readonly [Person, ...Person[]], roomName = 'Ward 7'): Promise<string> {
  const [first, ...rest] = others;
  return ok(await admin.api.createMultipleRoom({ roomName, memberIds: [first.accountId, ...rest.map((p) => p.accountId)] })).roomId;
}

export async function keyByUuid(who: Person, uuid: string): Promise<AesKeyRecord> {
  const [key] = ok(await who.api.getAesKeyByMessageKeyUuids({ messageKeyUuids: [uuid] })).aesKeys;
  if (!key) throw new Error(`no key ${uuid}`);
  return key;
}

export interface FakeProvider {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts tests/server/services/fake-provider.ts as a child process and waits for its address. */
export async function startFakeProvider(): Promise<FakeProvider> {
  const script = path.join(import.meta.dirname, 'fake-provider.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: path.resolve(import.meta.dirname, '../../..'), stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the fake provider did not start')), 20_000);
    child.once('exit', (code) => reject(new Error(`the fake provider exited with ${code}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /^LISTENING (\S+)$/.exec(line);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
  });
  return {
    url,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
