// Message keys from the server, cached for the session. The seed batches key look-ups: ids asked for within
// about 10 ms travel in ONE getAesKeyByMessageKeyUuids call (a room view asks for dozens at once).
import type { ApiResult } from '@generated/api/runtime';
import type { CoreApi as ApiClient } from '../api.ts';
import type { AesKeyRecord } from '@generated/types/index';
import { constants } from '@variant/constants';
import { nonEmpty } from '../non-empty.ts';

export type AesKeyApi = Pick<ApiClient, 'getAesKeyByMessageKeyUuids' | 'getAesKeyByRoomId' | 'getCommonAesKey'>;

/** The part of the service message decryption needs (easy to fake). */
export interface MessageKeySource {
  keyForUuid(messageKeyUuid: string): Promise<AesKeyRecord>;
}

export class AesKeyUnavailableError extends Error {
  constructor(
    readonly what: string,
    readonly result?: ApiResult<unknown>,
  ) {
    super(`AES key unavailable: ${what}`);
    this.name = 'AesKeyUnavailableError';
  }
}

/** The server accepts at most this many ids per call (schema maxItems). */
const MAX_IDS_PER_CALL = 200;

interface Waiter {
  resolve(record: AesKeyRecord): void;
  reject(error: unknown): void;
}

export class AesKeyService implements MessageKeySource {
  private readonly byUuid = new Map<string, AesKeyRecord>();
  private readonly pending = new Map<string, Promise<AesKeyRecord>>();
  private queue = new Map<string, Waiter>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly roomKeys = new Map<string, Promise<AesKeyRecord>>();
  private common: Promise<AesKeyRecord> | null = null;

  constructor(
    private readonly api: AesKeyApi,
    private readonly batchWindowMs: number = constants.timings.aesKeyBatchWindowMs,
  ) {}

  keyForUuid(messageKeyUuid: string): Promise<AesKeyRecord> {
    const known = this.byUuid.get(messageKeyUuid);
    if (known) return Promise.resolve(known);
    const inFlight = this.pending.get(messageKeyUuid);
    if (inFlight) return inFlight;
    const promise = new Promise<AesKeyRecord>((resolve, reject) => this.queue.set(messageKeyUuid, { resolve, reject }));
    this.pending.set(messageKeyUuid, promise);
    this.timer ??= setTimeout(() => void this.flush(), this.batchWindowMs);
    return promise;
  }

  /** The key new messages of a room are sent with. */
  roomKey(roomId: string): Promise<AesKeyRecord> {
    let promise = this.roomKeys.get(roomId);
    if (!promise) {
      promise = this.api.getAesKeyByRoomId({ roomId }).then((result) => {
        if (!result.ok) throw new AesKeyUnavailableError(`room ${roomId}`, result);
        this.remember(result.data.aesKey);
        return result.data.aesKey;
      });
      promise.catch(() => this.roomKeys.delete(roomId)); // a failure is not cached
      this.roomKeys.set(roomId, promise);
    }
    return promise;
  }

  /** After a send answers isRecrypted the room has a new key: forget the old one. */
  dropRoomKey(roomId: string): void {
    this.roomKeys.delete(roomId);
  }

  commonKey(): Promise<AesKeyRecord> {
    if (!this.common) {
      const promise = this.api.getCommonAesKey({}).then((result) => {
        if (!result.ok) throw new AesKeyUnavailableError('common key', result);
        this.remember(result.data.aesKey);
        return result.data.aesKey;
      });
      promise.catch(() => {
        if (this.common === promise) this.common = null;
      });
      this.common = promise;
    }
    return this.common;
  }

  /** Forget everything (logout). Waiting callers are refused. */
  clear(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const waiter of this.queue.values()) waiter.reject(new AesKeyUnavailableError('session ended'));
    this.queue = new Map();
    this.pending.clear();
    this.byUuid.clear();
    this.roomKeys.clear();
    this.common = null;
  }

  private remember(record: AesKeyRecord): void {
    if (record.messageKeyUuid) this.byUuid.set(record.messageKeyUuid, record);
  }

  private async flush(): Promise<void> {
    this.timer = null;
    const batch = this.queue;
    this.queue = new Map();
    const ids = [...batch.keys()];
    const chunks: string[][] = [];
    for (let i = 0; i < ids.length; i += MAX_IDS_PER_CALL) chunks.push(ids.slice(i, i + MAX_IDS_PER_CALL));
    await Promise.all(chunks.map((chunk) => this.fetchChunk(chunk, batch)));
  }

  private async fetchChunk(ids: string[], batch: Map<string, Waiter>): Promise<void> {
    let result: ApiResult<{ aesKeys: AesKeyRecord[] }> | null = null;
    let failure: unknown = null;
    try {
      const uuids = nonEmpty(ids);
      if (uuids) result = await this.api.getAesKeyByMessageKeyUuids({ messageKeyUuids: uuids });
      if (result?.ok) for (const record of result.data.aesKeys) this.remember(record);
    } catch (error) {
      failure = error;
    }
    for (const id of ids) {
      const waiter = batch.get(id);
      this.pending.delete(id);
      const record = this.byUuid.get(id);
      if (record) waiter?.resolve(record);
      else waiter?.reject(failure ?? new AesKeyUnavailableError(`message key ${id}`, result ?? undefined));
    }
  }
}
