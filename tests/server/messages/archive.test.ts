// Archives run as background jobs: the file appears later, downloads, and holds the room's messages.
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodeByName as E } from '../../../generated/errors.ts';
import { errorCode } from '../../support/node-transport.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';
import { decryptText, listen, makeRoom, ok, person, replyQueueOf, roomKey, sendText, setPolicy, type Person } from './helpers.ts';

let server: TestServer;
let alice: Person;
let bob: Person;

beforeAll(async () => {
  server = await startTestServer();
  alice = await person(server, 'alice');
  bob = await person(server, 'bob');
});
afterAll(() => server.close());

interface ArchiveDoc {
  roomName: string;
  messages: { messageId: string; message?: string; messageKeyUuid: string }[];
}

describe('archives', () => {
  it('completes an archive job whose file downloads and contains the messages', async () => {
    const roomId = await makeRoom(server, [alice, bob], 'MULTIPLE', 'Clinic A');
    const key = await roomKey(alice, roomId);
    const texts = ['first', 'second', 'third'];
    const ids = [];
    for (const text of texts) ids.push(await sendText(alice, roomId, text, key));
    ok(await bob.api.starAesMessages({ roomId, messageIds: [ids[1]!] }));

    const inbox = await listen(server, bob, replyQueueOf(server, bob));
    let note: unknown;
    try {
      ok(await bob.api.archiveAllAesMessages({ roomId, withEmail: false, withStarredMessage: true }));
      note = await inbox.next((b) => (b as { notifyType?: string }).notifyType === 'MESSAGE_ARCHIVED', 10_000);
    } finally {
      await inbox.close();
    }
    const list = ok(await bob.api.getCompletedArchivedMessages({})).archivedMessages;
    expect(list).toHaveLength(1);
    const archived = list[0]!;
    expect(archived).toMatchObject({ roomName: 'Clinic A', roomId, messageKeyUuid: key.messageKeyUuid });
    expect(note).toMatchObject({ roomId, data: { archivedMessage: { id: archived.id } } });
    expect(ok(await alice.api.getCompletedArchivedMessages({})).archivedMessages).toEqual([]); // bob's archive only

    const file = ok(await bob.api.downloadArchivedMessage({ id: archived.id, messageKeyUuid: archived.messageKeyUuid! }));
    const doc = JSON.parse(strFromU8(unzipSync(new Uint8Array(await file.blob.arrayBuffer()))['archive.json']!)) as ArchiveDoc;
    expect(doc.roomName).toBe('Clinic A');
    expect(doc.messages.map((m) => m.messageId)).toEqual(ids);
    expect(doc.messages.map((m) => decryptText(key, m.message!))).toEqual(texts);
    expect(errorCode(await alice.api.downloadArchivedMessage({ id: archived.id, messageKeyUuid: archived.messageKeyUuid! }))).toBe(E.NOT_FOUND);

    // Without starred messages, and only what is older than the cut-off.
    ok(await bob.api.archiveAllAesMessages({ roomId, withEmail: false, withStarredMessage: false }));
    ok(await bob.api.archiveAesMessagesBeforeDays({ roomId, withEmail: false, withStarredMessage: true, beforeDays: 1 }));
    let done: { id: string; messageKeyUuid?: string }[] = [];
    for (let i = 0; i < 100 && done.length < 3; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      done = ok(await bob.api.getCompletedArchivedMessages({})).archivedMessages;
    }
    expect(done).toHaveLength(3);
    const contents = await Promise.all(
      done.slice(0, 2).map(async (a) => {
        const f = ok(await bob.api.downloadArchivedMessage({ id: a.id, messageKeyUuid: a.messageKeyUuid! }));
        const d = JSON.parse(strFromU8(unzipSync(new Uint8Array(await f.blob.arrayBuffer()))['archive.json']!)) as ArchiveDoc;
        return d.messages.map((m) => m.messageId);
      }),
    );
    expect(contents).toContainEqual([ids[0], ids[2]]);
    expect(contents).toContainEqual([]);

    await setPolicy(server, roomId, 'ALLOW_ARCHIVE_MSG', '0');
    expect(errorCode(await bob.api.archiveAllAesMessages({ roomId, withEmail: false, withStarredMessage: true }))).toBe(E.ROOM_POLICY_FORBIDS);
  });
});
