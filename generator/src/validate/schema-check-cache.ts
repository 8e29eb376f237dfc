/**
 * Compiling every schema and definition in ajv's strict mode takes seconds and only depends on the text of
 * schema/, the ajv set-up and chatgen itself. Its result (the problems, usually none) is kept under the chatgen
 * cache directory keyed by a hash of all three, so that `validate`, `generate` and `build` pay it once per
 * change of schema/ (a fresh checkout, as in CI, always compiles).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Project } from '../load/project.ts';
import type { Problem } from '../problems.ts';
import { chatgenCacheDir } from '../util/cache-dir.ts';
import { chatgenCodeHash } from '../util/chatgen-code.ts';
import { stableStringify } from '../util/json.ts';

function key(project: Project): string {
  const hash = createHash('sha256');
  for (const schema of [...project.schemas.values()].sort((a, b) => (a.rel < b.rel ? -1 : 1))) {
    hash.update(`${schema.rel}\u0000${stableStringify(schema.json)}\u0000`);
  }
  // chatgen's own code decides what a problem is; the lock file pins ajv.
  hash.update(chatgenCodeHash());
  return hash.digest('hex').slice(0, 32);
}

export function cachedSchemaCheck(project: Project, check: () => Problem[]): Problem[] {
  const base = chatgenCacheDir(project.root);
  if (!base) return check();
  const dir = join(base, 'schema-check');
  const file = join(dir, `${key(project)}.json`);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Problem[];
  } catch {
    const problems = check();
    try {
      mkdirSync(dir, { recursive: true });
      const temp = `${file}.tmp-${process.pid}`;
      writeFileSync(temp, JSON.stringify(problems));
      renameSync(temp, file);
    } catch {
      // a cache that cannot be written only costs time
    }
    return problems;
  }
}
