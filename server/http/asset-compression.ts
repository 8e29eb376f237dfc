// Brotli at its best quality costs seconds for the main bundle, too slow per request, but a hashed asset never
// changes: each one is compressed once, off the event loop, and the result kept. Until it is ready (and for
// everything else) @fastify/compress compresses on the fly at a quick setting.
import { stat } from 'node:fs/promises';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export type AssetEncoding = 'br' | 'gzip';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Compressing smaller files gains nothing worth a cache entry. */
const MIN_BYTES = 1024;
/** A bundle above this is not cached (it is still compressed on the fly). */
const MAX_FILE_BYTES = 16 * 1024 * 1024;
const MAX_TOTAL_BYTES = 64 * 1024 * 1024;

interface Entry {
  /** The file's modification time when compressed: a rebuilt file is compressed again. */
  mtimeMs: number;
  size: number;
  encoded: Partial<Record<AssetEncoding, Buffer>>;
  pending: Partial<Record<AssetEncoding, Promise<void>>>;
}

export class CompressedAssets {
  private readonly entries = new Map<string, Entry>();
  private totalBytes = 0;

  constructor(private readonly onError: (message: string, error: unknown) => void) {}

  /**
   * The compressed bytes of `file` if they are ready; otherwise starts making them (once) and returns null.
   * `file` is the path @fastify/static resolved, never one built from the URL.
   */
  get(file: string, size: number, mtimeMs: number, encoding: AssetEncoding): Buffer | null {
    if (size < MIN_BYTES || size > MAX_FILE_BYTES) return null;
    let entry = this.entries.get(file);
    if (entry && (entry.mtimeMs !== mtimeMs || entry.size !== size)) {
      this.forget(file, entry);
      entry = undefined;
    }
    if (!entry) {
      entry = { mtimeMs, size, encoded: {}, pending: {} };
      this.entries.set(file, entry);
    }
    const ready = entry.encoded[encoding];
    if (ready) return ready;
    entry.pending[encoding] ??= this.compress(file, entry, encoding);
    return null;
  }

  /** Resolves when every compression started so far has finished (tests, benchmarks). */
  async settled(): Promise<void> {
    await Promise.all([...this.entries.values()].flatMap((entry) => Object.values(entry.pending)));
  }

  private async compress(file: string, entry: Entry, encoding: AssetEncoding): Promise<void> {
    try {
      const info = await stat(file);
      if (info.mtimeMs !== entry.mtimeMs || info.size !== entry.size) return;
      const bytes = await readFile(file);
      const encoded =
        encoding === 'br'
          ? await brotli(bytes, {
              params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
            })
          : await gzipAsync(bytes, { level: 9 });
      if (this.entries.get(file) !== entry || this.totalBytes + encoded.length > MAX_TOTAL_BYTES) return;
      entry.encoded[encoding] = encoded;
      this.totalBytes += encoded.length;
    } catch (error) {
      this.onError(`could not compress ${file}`, error);
    }
  }

  private forget(file: string, entry: Entry): void {
    for (const bytes of Object.values(entry.encoded)) this.totalBytes -= bytes.length;
    this.entries.delete(file);
  }
}
