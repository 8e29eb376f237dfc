// The message calls take at least one id: with none they answer at once and send nothing (there is no session
// here, so a call would throw 'chat services used before sign-in').
import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { deleteForMe, forward, markNotified, markRead } from './data.ts';
import { exportSelectedMessages } from './history.ts';

describe('message calls with no message ids', () => {
  it('mark nothing read or notified', async () => {
    await expect(markRead('room-1', [])).resolves.toBeUndefined();
    await expect(markNotified('room-1', [])).resolves.toBeUndefined();
  });

  it('delete nothing, forward nothing (no room refused) and export nothing', async () => {
    await expect(deleteForMe('room-1', [])).resolves.toBe(true);
    await expect(forward('room-1', ['room-2', 'room-3'], [])).resolves.toEqual([]);
    await expect(exportSelectedMessages('room-1', [], 'Ward 3', ((key: string) => key) as TFunction)).resolves.toBeNull();
  });

  it('do send with ids (and need the session for it)', async () => {
    await expect(markRead('room-1', ['m1'])).rejects.toThrow('chat services used before sign-in');
  });
});
