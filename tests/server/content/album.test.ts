// The private album over the wire: upload from a room (PROCESSING, then READY with a CUSTOM_NOTIFICATION),
// receive paging, download (one file, or a zip of several), delete of one's own entries, and refusals.
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albumProcessor } from '../../../server/services/content/album-processing.ts';
import { errorCode } from '../../support/node-transport.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';
import { listen, nonEmpty, ok, person, type Listener, type Person } from '../directory/helpers.ts';
import { groupRoom, sendFile, sendText } from './album-helpers.ts';

let server: TestServer;
let alice: Person;
let bob: Person;
let carol: Person;
let bobQueue: Listener;
let roomId = '';
let picture: Buffer;
let pictureMessage = '';

beforeAll(async () => {
  server = await startTestServer();
  alice = await person(server, 'alice');
  bob = await person(server, 'bob');
  carol = await person(server, 'carol');
  bobQueue = await listen(server, bob, 'queue');
  roomId = await groupRoom(server, alice, [bob]);
  picture = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#e8553e' } }).png().toBuffer();
  pictureMessage = await sendFile(server, alice, roomId, 'ward-round.png', picture);
});

afterAll(async () => {
  await bobQueue.close();
  await server.close();
});

const processor = () => albumProcessor(server.app.ctx);

describe('private album', () => {
  let fileId = '';

  it('saves a message attachment as PROCESSING, then READY with a notification', async () => {
    processor().pause();
    ok(await bob.api.uploadToPrivateAlbum({ roomId, messageIds: [pictureMessage] }));

    const pending = ok(await bob.api.receivePrivateAlbum({ pageSize: 30, currentPage: 1 }));
    expect(pending.stillHaveData).toBe(false);
    expect(pending.privateAlbumFiles).toHaveLength(1);
    const entry = pending.privateAlbumFiles[0]!;
    fileId = entry.fileId;
    expect(entry).toMatchObject({ filename: 'ward-round.png', fileType: 'image/png', status: 'PROCESSING' });
    expect(entry.thumbnail).toBeUndefined();
    // Still processing: the seed's "This message is still processing, please try again later".
    expect(errorCode(await bob.api.downloadPrivateAlbumFiles({ fileIds: [fileId] }))).toBe('UI_IM_E4001');

    processor().resume();
    const notice = await bobQueue.nextOf('CUSTOM_NOTIFICATION', (n) => n.dataId === fileId);
    expect(notice.data).toMatchObject({ kind: 'PRIVATE_ALBUM', status: 'READY', fileId, messageId: pictureMessage, roomId });

    const ready = ok(await bob.api.receivePrivateAlbum({ pageSize: 30, currentPage: 1 })).privateAlbumFiles[0]!;
    expect(ready.status).toBe('READY');
    const thumb = await sharp(Buffer.from(ready.thumbnail ?? '', 'base64')).metadata();
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['png', 200, 100]);
    expect(ready.updateDate).toBeGreaterThanOrEqual(ready.createDate ?? 0);
  });

  it('downloads the decrypted file', async () => {
    const download = ok(await bob.api.downloadPrivateAlbumFiles({ fileIds: [fileId] }));
    expect(download.filename).toBe('ward-round.png');
    expect(download.blob.type).toBe('image/png');
    expect(Buffer.from(await download.blob.arrayBuffer()).equals(picture)).toBe(true);
  });

  it('saves a message once, however often it is uploaded', async () => {
    ok(await bob.api.uploadToPrivateAlbum({ roomId, messageIds: [pictureMessage] }));
    await processor().idle();
    expect(ok(await bob.api.receivePrivateAlbum({ pageSize: 30, currentPage: 1 })).privateAlbumFiles).toHaveLength(1);
  });

  it('pages newest first, with stillHaveData', async () => {
    const notes = [];
    for (let i = 1; i <= 4; i++) notes.push(await sendFile(server, alice, roomId, `notes-${i}.txt`, Buffer.from(`handover notes ${i}`)));
    ok(await bob.api.uploadToPrivateAlbum({ roomId, messageIds: nonEmpty(notes) }));
    await processor().idle();

    const pages = [];
    for (let page = 1; page <= 3; page++) pages.push(ok(await bob.api.receivePrivateAlbum({ pageSize: 2, currentPage: page })));
    expect(pages.map((p) => p.stillHaveData)).toEqual([true, true, false]);
    expect(pages.flatMap((p) => p.privateAlbumFiles.map((f) => f.filename))).toEqual([
      'notes-4.txt',
      'notes-3.txt',
      'notes-2.txt',
      'notes-1.txt',
      'ward-round.png',
    ]);
    expect(ok(await bob.api.receivePrivateAlbum({ pageSize: 2, currentPage: 4 }))).toEqual({ privateAlbumFiles: [], stillHaveData: false });
  });

  it('downloads several files as one zip', async () => {
    const files = ok(await bob.api.receivePrivateAlbum({ pageSize: 2, currentPage: 1 })).privateAlbumFiles;
    const download = ok(await bob.api.downloadPrivateAlbumFiles({ fileIds: nonEmpty([...files.map((f) => f.fileId), fileId]) }));
    expect(download.filename).toBe('private-album.zip');
    const entries = unzipSync(new Uint8Array(await download.blob.arrayBuffer()));
    expect(Object.keys(entries).sort()).toEqual(['notes-3.txt', 'notes-4.txt', 'ward-round.png']);
    expect(Buffer.from(entries['notes-4.txt']!).toString()).toBe('handover notes 4');
  });

  it('deletes only the caller\'s own entries', async () => {
    // Alice cannot see, download or delete Bob's entries.
    expect(ok(await alice.api.receivePrivateAlbum({ pageSize: 30, currentPage: 1 })).privateAlbumFiles).toEqual([]);
    expect(errorCode(await alice.api.downloadPrivateAlbumFiles({ fileIds: [fileId] }))).toBe('UI_IM_E1004');
    expect(errorCode(await alice.api.deletePrivateAlbumFiles({ fileIds: [fileId] }))).toBe('UI_IM_E1004');

    ok(await bob.api.deletePrivateAlbumFiles({ fileIds: [fileId] }));
    const left = ok(await bob.api.receivePrivateAlbum({ pageSize: 30, currentPage: 1 })).privateAlbumFiles;
    expect(left.map((f) => f.filename)).not.toContain('ward-round.png');
    expect(left).toHaveLength(4);
    expect(errorCode(await bob.api.downloadPrivateAlbumFiles({ fileIds: [fileId] }))).toBe('UI_IM_E1004');
    // The message itself is untouched: it can be saved again.
    ok(await bob.api.uploadToPrivateAlbum({ roomId, messageIds: [pictureMessage] }));
    await processor().idle();
    expect(ok(await bob.api.receivePrivateAlbum({ pageSize: 30, currentPage: 1 })).privateAlbumFiles).toHaveLength(5);
  });

  it('refuses non-members, messages without a file, unknown messages and rooms whose policy forbids downloads', async () => {
    expect(errorCode(await carol.api.uploadToPrivateAlbum({ roomId, messageIds: [pictureMessage] }))).toBe('UI_IM_E3001');
    const text = await sendText(server, alice, roomId, 'no attachment here');
    expect(errorCode(await bob.api.uploadToPrivateAlbum({ roomId, messageIds: [text] }))).toBe('UI_IM_E4002');
    expect(errorCode(await bob.api.uploadToPrivateAlbum({ roomId, messageIds: ['999999'] }))).toBe('UI_IM_E4011');

    await server.app.ctx.db.query(`UPDATE room_policies SET value = '0' WHERE room_id = $1 AND attr = 'ALLOW_DOWN_ATTACH'`, [Number(roomId)]);
    expect(errorCode(await bob.api.uploadToPrivateAlbum({ roomId, messageIds: [pictureMessage] }))).toBe('UI_IM_E3002');
    await server.app.ctx.db.query(`UPDATE room_policies SET value = '1' WHERE room_id = $1 AND attr = 'ALLOW_DOWN_ATTACH'`, [Number(roomId)]);
  });
});
