/**
 * A hash of chatgen itself: its sources, templates and the lock file that pins its libraries (ajv, Prettier,
 * json-schema-to-typescript). What chatgen derives from schema/ and variants/ and keeps in its cache is keyed by
 * this too, so that a new chatgen never reuses an older one's result.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listFiles } from './fs.ts';

const GENERATOR_DIR = fileURLToPath(new URL('../..', import.meta.url));

let memo: string | undefined;

export function chatgenCodeHash(): string {
  if (memo) return memo;
  const hash = createHash('sha256');
  for (const dir of ['src', 'templates']) {
    for (const rel of listFiles(join(GENERATOR_DIR, dir))) hash.update(`${dir}/${rel}\u0000`).update(readFileSync(join(GENERATOR_DIR, dir, rel))).update('\u0000');
  }
  try {
    hash.update(readFileSync(join(GENERATOR_DIR, '../package-lock.json')));
  } catch {
    // no lock file next to the generator: the hash still covers chatgen's code
  }
  memo = hash.digest('hex');
  return memo;
}
