import { describe, expect, it, vi } from 'vitest';
import { decryptAesText, newAesKeyRecord } from '../crypto/aes.ts';
import { errorCodeByName } from '@generated/errors';
import { RETIRED_KEY_RESENDS, sendEncryptedMessage } from './send.ts';

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

describe('sendEncryptedMessage after a membership change', () => {
  const retired = {
    ok: false as const,
    status: 'failed' as const,
    httpStatus: 409,
    errMsgList: [{ locale: 'en_US' as const, errors: [{ code: errorCodeByName.ROOM_KEY_RETIRED, message: 'retired' }] }],
  };

  it('drops the retired key, fetches the new one, encrypts again and resends once', async () => {
    const oldKey = newAesKeyRecord('GCM');
    const newKey = newAesKeyRecord('GCM');
    let current = oldKey;
    const keys = { roomKey: vi.fn(async () => current), dropRoomKey: vi.fn(() => void (current = newKey)) };
    const sent: Record<string, string>[] = [];
    const api = {
      sendAesMessage: vi.fn(async (body: unknown) => {
        sent.push(body as Record<string, string>);
        if ((body as { messageKeyUuid: string }).messageKeyUuid === oldKey.messageKeyUuid) return retired;
        return { ok: true as const, data: { data: { isRecrypted: false }, message: { roomId: 'r', messageId: 'm', messageType: 'TEXT' as const } } };
      }),
    };
    const result = await sendEncryptedMessage(api, keys, { roomId: 'r', type: 'TEXT', checksum: 'c' }, { text: 'for the members only' });
    expect(result.ok).toBe(true);
    expect(sent.map((b) => b.messageKeyUuid)).toEqual([oldKey.messageKeyUuid, newKey.messageKeyUuid]);
    expect(await decryptAesText(newKey, sent[1]!.aesMessage!)).toBe('for the members only');
    expect(sent[1]!.checksum).toBe('c'); // the same message, not a second one
    expect(keys.dropRoomKey).toHaveBeenCalledWith('r');
  });

  it('gives up with the refusal after a bounded number of resends', async () => {
    const keys = { roomKey: vi.fn(async () => newAesKeyRecord('GCM')), dropRoomKey: vi.fn() };
    const api = { sendAesMessage: vi.fn(async () => retired) };
    const result = await sendEncryptedMessage(api, keys, { roomId: 'r', type: 'TEXT', checksum: 'c' }, { text: 'x' });
    expect(result.ok).toBe(false);
    expect(api.sendAesMessage).toHaveBeenCalledTimes(RETIRED_KEY_RESENDS + 1);
  });
});
