// The hospital variants' delete-and-export: the room goes at once, its export file arrives later among the
// completed archives and holds the messages the deletion hid.
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/test-server.ts';
import { decryptText, listen, makeRoom, ok, person, replyQueueOf, roomKey, sendText, type Person } from './helpers.ts';

let server: TestServer;
let alice: Person;
let bob: Person;

beforeAll(async () => {
  server = await startTestServer();
  alice = await person(server, 'dx_alice');
  bob = await person(server, 'dx_bob');
});
afterAll(() => server.close());

describe('delete and export (hospital)', () => {
  it('deletes a single chat for the caller and delivers an export of what it held', async () => {
    const roomId = await makeRoom(server, [alice, bob], 'SINGLE');
    const key = await roomKey(alice, roomId);
    for (const text of ['handover at 7', 'bed 12 discharged']) await sendText(alice, roomId, text, key);

    const inbox = await listen(server, alice, replyQueueOf(server, alice));
    try {
      ok(await alice.api.deleteAndExportRoom({ roomId }));
      await inbox.next((b) => (b as { notifyType?: string }).notifyType === 'MESSAGE_ARCHIVED', 10_000);
    } finally {
      await inbox.close();
    }
    const { rooms } = ok(await alice.api.getRoomList({ pageInfo: { pageNo: 1, pageSize: 30 } }));
    expect(rooms.map((r) => String(r.roomId))).not.toContain(roomId);
    const archived = ok(await alice.api.getCompletedArchivedMessages({})).archivedMessages;
    expect(archived).toHaveLength(1);
    const file = ok(await alice.api.downloadArchivedMessage({ id: archived[0]!.id, messageKeyUuid: archived[0]!.messageKeyUuid! }));
    const doc = JSON.parse(strFromU8(unzipSync(new Uint8Array(await file.blob.arrayBuffer()))['archive.json']!)) as {
      messages: { message?: string }[];
    };
    expect(doc.messages.map((m) => decryptText(key, m.message!))).toEqual(['handover at 7', 'bed 12 discharged']);
    // The other side keeps the conversation.
    expect(ok(await bob.api.receiveAesMessages({ roomId, batchSize: 25, upOrDown: 'UP' })).messages).toHaveLength(2);
  });
});
