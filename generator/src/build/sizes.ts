/** Raw and gzip sizes and the sha256 of each file of a build output directory, and their totals. */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { listFiles } from '../util/fs.ts';

export interface Sizes {
  raw: number;
  gzip: number;
  files: number;
}

export interface FileSize {
  raw: number;
  gzip: number;
}

/** A file of a build: its sizes and the hex sha256 of its bytes (what the cache and `chatgen verify` check). */
export interface FileRecord extends FileSize {
  sha256: string;
}

export function sha256Hex(bytes: string | Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Every file of `dir` (relative, `/`-separated) with its sizes and hash. */
export function measureFiles(dir: string, skip: (rel: string) => boolean = () => false): Map<string, FileRecord> {
  const out = new Map<string, FileRecord>();
  for (const file of listFiles(dir)) {
    if (skip(file)) continue;
    const bytes = readFileSync(join(dir, file));
    out.set(file, { raw: bytes.length, gzip: gzipSync(bytes).length, sha256: sha256Hex(bytes) });
  }
  return out;
}

export function total(files: Iterable<FileSize>, count?: number): Sizes {
  let raw = 0;
  let gzip = 0;
  let n = 0;
  for (const f of files) {
    raw += f.raw;
    gzip += f.gzip;
    n += 1;
  }
  return { raw, gzip, files: count ?? n };
}

export function measure(dir: string): Sizes {
  return total(measureFiles(dir).values());
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
}
