import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AesKeyRecord } from '@generated/types/index';
import { AesKeyService, AesKeyUnavailableError, type AesKeyApi } from './aes-key-service.ts';

const record = (id: string): AesKeyRecord => ({ messageKeyUuid: id, aesKey: `key-${id}`, algorithm: 'GCM' });

function fakeApi(options: { missing?: string[]; fail?: boolean } = {}) {
  const api = {
    getAesKeyByMessageKeyUuids: vi.fn(async ({ messageKeyUuids }: { messageKeyUuids: string[] }) =>
      options.fail
        ? { ok: false as const, status: 'failed' as const, errMsgList: [] }
        : { ok: true as const, data: { aesKeys: messageKeyUuids.filter((id) => !options.missing?.includes(id)).map(record) } },
    ),
    getAesKeyByRoomId: vi.fn(async ({ roomId }: { roomId: string }) => ({ ok: true as const, data: { aesKey: record(`room-${roomId}-${api.getAesKeyByRoomId.mock.calls.length}`) } })),
    getCommonAesKey: vi.fn(async () => ({ ok: true as const, data: { aesKey: record('common') } })),
  };
  return { api, service: new AesKeyService(api as unknown as AesKeyApi, 10) };
}

describe('AesKeyService', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('batches 50 ids asked for in the same tick into one call', async () => {
    const { api, service } = fakeApi();
    const ids = Array.from({ length: 50 }, (_, i) => `u${i}`);
    const promises = ids.map((id) => service.keyForUuid(id));
    service.keyForUuid('u3'); // asked twice: still one id on the wire
    expect(api.getAesKeyByMessageKeyUuids).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(10);
    expect(api.getAesKeyByMessageKeyUuids).toHaveBeenCalledTimes(1);
    expect(api.getAesKeyByMessageKeyUuids.mock.calls[0]![0].messageKeyUuids).toEqual(ids);
    expect(await Promise.all(promises)).toEqual(ids.map(record));
  });

  it('collects ids asked within the window, and cached ids cost no call', async () => {
    const { api, service } = fakeApi();
    const a = service.keyForUuid('a');
    await vi.advanceTimersByTimeAsync(5);
    const b = service.keyForUuid('b');
    await vi.advanceTimersByTimeAsync(5);
    expect(await Promise.all([a, b])).toEqual([record('a'), record('b')]);
    expect(api.getAesKeyByMessageKeyUuids).toHaveBeenCalledTimes(1);

    expect(await service.keyForUuid('a')).toEqual(record('a'));
    await vi.advanceTimersByTimeAsync(50);
    expect(api.getAesKeyByMessageKeyUuids).toHaveBeenCalledTimes(1);
  });

  it('splits more than 200 ids into calls of at most 200', async () => {
    const { api, service } = fakeApi();
    const all = Array.from({ length: 450 }, (_, i) => service.keyForUuid(`id${i}`));
    await vi.advanceTimersByTimeAsync(10);
    await Promise.all(all);
    expect(api.getAesKeyByMessageKeyUuids.mock.calls.map((c) => c[0].messageKeyUuids.length)).toEqual([200, 200, 50]);
  });

  it('refuses ids the server does not know, and asks again for them later', async () => {
    const { api, service } = fakeApi({ missing: ['gone'] });
    const ok = service.keyForUuid('here');
    const gone = service.keyForUuid('gone');
    const refused = expect(gone).rejects.toBeInstanceOf(AesKeyUnavailableError);
    await vi.advanceTimersByTimeAsync(10);
    await refused;
    expect(await ok).toEqual(record('here'));
    const again = service.keyForUuid('gone').catch(() => 'refused');
    await vi.advanceTimersByTimeAsync(10);
    expect(await again).toBe('refused');
    expect(api.getAesKeyByMessageKeyUuids).toHaveBeenCalledTimes(2);
  });

  it('refuses every waiter when the call fails', async () => {
    const { service } = fakeApi({ fail: true });
    const both = Promise.allSettled([service.keyForUuid('a'), service.keyForUuid('b')]);
    await vi.advanceTimersByTimeAsync(10);
    expect((await both).map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });

  it('caches the room key until it is dropped, and its uuid serves message decryption', async () => {
    const { api, service } = fakeApi();
    const first = await service.roomKey('7');
    expect(await service.roomKey('7')).toBe(first);
    expect(api.getAesKeyByRoomId).toHaveBeenCalledTimes(1);
    expect(await service.keyForUuid(first.messageKeyUuid)).toEqual(first);
    expect(api.getAesKeyByMessageKeyUuids).not.toHaveBeenCalled();

    service.dropRoomKey('7');
    const second = await service.roomKey('7');
    expect(second.messageKeyUuid).not.toBe(first.messageKeyUuid);
    expect(api.getAesKeyByRoomId).toHaveBeenCalledTimes(2);
  });

  it('caches the common key', async () => {
    const { api, service } = fakeApi();
    expect(await service.commonKey()).toEqual(record('common'));
    await service.commonKey();
    expect(api.getCommonAesKey).toHaveBeenCalledTimes(1);
  });

  it('clear() forgets keys and refuses waiting callers', async () => {
    const { api, service } = fakeApi();
    await service.roomKey('1');
    const waiting = service.keyForUuid('w');
    service.clear();
    await expect(waiting).rejects.toBeInstanceOf(AesKeyUnavailableError);
    await service.roomKey('1');
    expect(api.getAesKeyByRoomId).toHaveBeenCalledTimes(2);
  });
});
