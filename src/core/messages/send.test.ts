import { describe, expect, it, vi } from 'vitest';
import { decryptAesText, newAesKeyRecord } from '../crypto/aes.ts';
import { sendEncryptedMessage } from './send.ts';

describe('sendEncryptedMessage', () => {
  it('encrypts with the room key, sends, and drops the room key when the answer says isRecrypted', async () => {
    const key = newAesKeyRecord('GCM');
    const keys = { roomKey: vi.fn(async () => key), dropRoomKey: vi.fn() };
    let isRecrypted = false;
    const api = {
      sendAesMessage: vi.fn(async (_body: unknown) => ({
        ok: true as const,
        data: { data: { isRecrypted }, message: { roomId: 'r', messageId: 'm', messageType: 'TEXT' as const } },
      })),
    };
    const fields = { roomId: 'r', type: 'TEXT' as const, checksum: 'c' };
    await sendEncryptedMessage(api, keys, fields, { text: 'hello' });
    const body = api.sendAesMessage.mock.calls[0]![0] as Record<string, string>;
    expect(body).toMatchObject({ roomId: 'r', type: 'TEXT', checksum: 'c', messageKeyUuid: key.messageKeyUuid });
    expect(await decryptAesText(key, body.aesMessage!)).toBe('hello');
    expect(body).not.toHaveProperty('aesMessageFile');
    expect(keys.dropRoomKey).not.toHaveBeenCalled();

    isRecrypted = true;
    await sendEncryptedMessage(api, keys, fields, { text: 'again' });
    expect(keys.dropRoomKey).toHaveBeenCalledWith('r');
  });
});
