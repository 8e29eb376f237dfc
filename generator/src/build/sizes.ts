/** Raw and gzip size of a build output directory. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { listFiles } from '../util/fs.ts';

export interface Sizes {
  raw: number;
  gzip: number;
  files: number;
}

export function measure(dir: string): Sizes {
  let raw = 0;
  let gzip = 0;
  const files = listFiles(dir);
  for (const file of files) {
    const bytes = readFileSync(join(dir, file));
    raw += bytes.length;
    gzip += gzipSync(bytes).length;
  }
  return { raw, gzip, files: files.length };
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
}
