// The private album's background step: decrypt the saved attachment with its message key, store the
// file and a thumbnail, mark the entry READY and tell its owner (CUSTOM_NOTIFICATION, data.kind
// PRIVATE_ALBUM). An entry that cannot be decrypted is removed and its owner told status FAILED.
// One processor per server context; entries left PROCESSING by a stop are picked up at the next start.
import type { ServerContext } from '../../context.ts';
import { decryptAes } from '../../crypto/aes.ts';
import { albumStore, type AlbumFile } from '../../store/repos/album.ts';
import { readBlob, recordFile, writeFile } from './blob-files.ts';
import { imageType, thumbnailOf } from './images.ts';

type Ctx = Pick<ServerContext, 'db' | 'repos' | 'blobs' | 'config' | 'notifier' | 'now'>;

/** Album thumbnails fit this box. */
export const ALBUM_THUMBNAIL = { width: 200, height: 200 } as const;

export class AlbumProcessor {
  private readonly queue: number[] = [];
  private readonly queued = new Set<number>();
  private running = false;
  private paused = false;
  private idleWaiters: (() => void)[] = [];

  constructor(private readonly ctx: Ctx) {}

  enqueue(ids: readonly number[]): void {
    for (const id of ids) {
      if (this.queued.has(id)) continue;
      this.queued.add(id);
      this.queue.push(id);
    }
    this.kick();
  }

  /** Holds the queue (entries stay PROCESSING) until resume(). */
  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
    this.kick();
  }

  /** Resolves once nothing is queued or running. */
  idle(): Promise<void> {
    if (!this.running && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Queues the entries a previous run left PROCESSING. */
  async recover(): Promise<void> {
    this.enqueue(await albumStore(this.ctx.db).processingIds());
  }

  private kick(): void {
    if (this.running || this.paused || this.queue.length === 0) return;
    this.running = true;
    setImmediate(() => void this.drain());
  }

  private async drain(): Promise<void> {
    while (!this.paused && this.queue.length > 0) {
      const id = this.queue.shift() as number; // length checked above
      try {
        await processAlbumFile(this.ctx, id);
      } catch {
        // The database went away (server stopping): the entry stays PROCESSING and recover() retries it.
      } finally {
        this.queued.delete(id);
      }
    }
    this.running = false;
    if (this.queue.length === 0) this.idleWaiters.splice(0).forEach((wake) => wake());
  }
}

const processors = new WeakMap<object, AlbumProcessor>();

/** The processor of this server context. */
export function albumProcessor(ctx: Ctx): AlbumProcessor {
  let processor = processors.get(ctx);
  if (!processor) {
    processor = new AlbumProcessor(ctx);
    processors.set(ctx, processor);
  }
  return processor;
}

async function decrypted(ctx: Ctx, file: AlbumFile): Promise<Uint8Array | null> {
  if (!file.messageKeyUuid) return null;
  const [key] = await ctx.repos.keys.findByUuids([file.messageKeyUuid]);
  const stored = await readBlob(ctx, file.blobRef);
  if (!key || !stored) return null;
  try {
    return decryptAes(key, stored.toString('utf8').trim());
  } catch {
    return null;
  }
}

export async function processAlbumFile(ctx: Ctx, id: number): Promise<void> {
  const file = await albumStore(ctx.db).findById(id);
  if (!file || file.status !== 'PROCESSING') return;
  const plain = await decrypted(ctx, file);
  if (!plain) {
    const removed = await ctx.db.transaction((tx) => albumStore(tx).delete(file.accountId, [file.id]));
    if (removed.length > 0) await tell(ctx, file, 'FAILED');
    return;
  }
  const sniffed = file.fileType === 'application/octet-stream' ? await imageType(plain) : null;
  const fileType = sniffed ?? file.fileType;
  const thumbnail = fileType.startsWith('image/') ? await thumbnailOf(plain, ALBUM_THUMBNAIL) : null;
  const stored = await writeFile(ctx, plain);
  const storedThumb = thumbnail ? await writeFile(ctx, thumbnail) : null;
  const ready = await ctx.db.transaction(async (tx) => {
    const blob = await recordFile(tx, stored, fileType);
    const thumb = storedThumb ? await recordFile(tx, storedThumb, 'image/png') : null;
    return albumStore(tx).markReady(file.id, { blobRef: blob.id, thumbnailRef: thumb?.id ?? null, fileType }, ctx.now());
  });
  if (ready) await tell(ctx, file, 'READY');
}

async function tell(ctx: Ctx, file: AlbumFile, status: 'READY' | 'FAILED'): Promise<void> {
  await ctx.notifier.toAccounts([file.accountId], {
    notifyType: 'CUSTOM_NOTIFICATION',
    senderId: 'SYSTEM',
    dataId: String(file.id),
    data: {
      kind: 'PRIVATE_ALBUM',
      status,
      fileId: String(file.id),
      messageId: String(file.sourceMessageId),
      roomId: String(file.sourceRoomId),
      filename: file.filename,
    },
  });
}
