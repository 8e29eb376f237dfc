// The album calls take at least one id: with none chosen they refuse at once and send nothing (there is no session
// here, so a call would throw 'chat services used before sign-in').
import { describe, expect, it } from 'vitest';
import { deleteEntries, downloadEntries, saveToAlbum } from './album.ts';

describe('album calls with nothing chosen', () => {
  it('refuse without a call', async () => {
    const refused = { ok: false, message: undefined };
    await expect(downloadEntries([], 'en_US')).resolves.toEqual(refused);
    await expect(deleteEntries([], 'en_US')).resolves.toEqual(refused);
    await expect(saveToAlbum('room-1', [], 'en_US')).resolves.toEqual(refused);
  });

  it('call with ids (and need the session for it)', async () => {
    await expect(downloadEntries(['f1'], 'en_US')).rejects.toThrow('chat services used before sign-in');
  });
});
