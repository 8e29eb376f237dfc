/**
 * Checks a directory of built files against the list a build recorded (build-info.json, a cache entry): every
 * listed file present with its size and sha256, and no file that is not listed. A size check alone let an edit of
 * the same length through.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { listFiles } from '../util/fs.ts';
import { type FileRecord, sha256Hex } from './sizes.ts';

export interface FileDifference {
  /** Relative to the checked directory, `/`-separated. */
  file: string;
  problem: 'changed' | 'missing' | 'not listed';
}

/** Differences between `dir` and `files`, sorted by file; `ignore` names files the list does not cover. */
export function differences(dir: string, files: Readonly<Record<string, FileRecord>>, ignore: readonly string[] = []): FileDifference[] {
  const out: FileDifference[] = [];
  for (const [file, record] of Object.entries(files)) {
    const path = join(dir, file);
    if (!existsSync(path)) out.push({ file, problem: 'missing' });
    else if (statSync(path).size !== record.raw || sha256Hex(readFileSync(path)) !== record.sha256) out.push({ file, problem: 'changed' });
  }
  for (const file of listFiles(dir)) if (!(file in files) && !ignore.includes(file)) out.push({ file, problem: 'not listed' });
  return out.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

const WORDS: Record<FileDifference['problem'], string> = {
  changed: 'content differs from its recorded sha256',
  missing: 'missing',
  'not listed': 'not part of the build',
};

/** `dist/CSD/assets/index-abc.js: content differs from its recorded sha256`; `prefix` ('dist/CSD/', 'cached ') goes before the file. */
export function describeDifference(prefix: string, difference: FileDifference): string {
  return `${prefix}${difference.file}: ${WORDS[difference.problem]}`;
}
