// Finding 11: a private-album zip held an entry named '..'. Entry names are plain, safe and unique whatever
// names the files were sent with.
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albumProcessor } from '../../server/services/content/album-processing.ts';
import { groupRoom, sendFile } from '../server/content/album-helpers.ts';
import { nonEmpty, ok, person, type Person } from '../server/directory/helpers.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
let alice: Person;
let bob: Person;
beforeAll(async () => {
  server = await startTestServer();
  alice = await person(server, 'alice');
  bob = await person(server, 'bob');
});
afterAll(async () => {
  await server.close();
});

const HOSTILE_NAMES = ['..', '.', '../../../home/bob/.bashrc', '..\\..\\win.ini', 'bell\u0007\n.txt', 'NOTES.txt', 'notes.txt', 'CON', '\u202egpj.exe'];

describe('private-album zip entry names', () => {
  it('holds no path, no dot name, no control character and no two names that differ only in case', async () => {
    const roomId = await groupRoom(server, alice, [bob]);
    const messageIds = [];
    for (const [i, name] of HOSTILE_NAMES.entries()) messageIds.push(await sendFile(server, alice, roomId, name, Buffer.from(`file ${i}`)));
    ok(await bob.api.uploadToPrivateAlbum({ roomId, messageIds: nonEmpty(messageIds) }));
    await albumProcessor(server.app.ctx).idle();

    const files = ok(await bob.api.receivePrivateAlbum({ pageSize: 30, currentPage: 1 })).privateAlbumFiles;
    expect(files).toHaveLength(HOSTILE_NAMES.length);
    const download = ok(await bob.api.downloadPrivateAlbumFiles({ fileIds: nonEmpty(files.map((f) => f.fileId)) }));
    const names = Object.keys(unzipSync(new Uint8Array(await download.blob.arrayBuffer())));

    expect(names).toHaveLength(HOSTILE_NAMES.length);
    for (const name of names) {
      expect(name, JSON.stringify(name)).not.toMatch(/[/\\]/);
      expect(name, JSON.stringify(name)).not.toMatch(/^\.|\.$/);
      // eslint-disable-next-line no-control-regex -- control characters are what must not be there
      expect(name, JSON.stringify(name)).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e]/);
      expect(name, JSON.stringify(name)).not.toMatch(/^(con|prn|aux|nul)(\.|$)/i);
    }
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
  });
});
