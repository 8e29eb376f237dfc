/** Writing the rendered generated/ tree, or comparing it with what is on disk (no rendering libraries loaded). */
import { mkdirSync, readdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { listFiles } from '../util/fs.ts';

export const GENERATED_DIR = 'generated';

export interface CheckResult {
  upToDate: boolean;
  stale: string[];
  missing: string[];
  extra: string[];
}

export function compareGenerated(root: string, files: Map<string, string>): CheckResult {
  const dir = join(root, GENERATED_DIR);
  const onDisk = new Set(listFiles(dir));
  const stale: string[] = [];
  const missing: string[] = [];
  for (const [path, text] of files) {
    if (!onDisk.has(path)) missing.push(`${GENERATED_DIR}/${path}`);
    else if (readFileSync(join(dir, path), 'utf8') !== text) stale.push(`${GENERATED_DIR}/${path}`);
  }
  const extra = [...onDisk].filter((path) => !files.has(path)).map((path) => `${GENERATED_DIR}/${path}`);
  return { upToDate: stale.length + missing.length + extra.length === 0, stale, missing, extra };
}

/** A predicate for writeGenerated: the files of variants left out of the render stay as they are. */
export function keepFilesOf(ids: readonly string[]): (path: string) => boolean {
  return (path) => ids.some((id) => path === `${GENERATED_DIR}/flags/${id}.ts` || path.startsWith(`${GENERATED_DIR}/variants/${id}/`));
}

/** Writes only files whose content changed and removes files generated/ should no longer hold (except `keep`). */
export function writeGenerated(root: string, files: Map<string, string>, keep: (path: string) => boolean = () => false): CheckResult {
  const found = compareGenerated(root, files);
  const result = { ...found, extra: found.extra.filter((f) => !keep(f)) };
  for (const file of [...result.stale, ...result.missing]) {
    const path = join(root, file);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, files.get(file.slice(GENERATED_DIR.length + 1))!);
  }
  for (const file of result.extra) {
    rmSync(join(root, file));
    removeEmptyParents(join(root, GENERATED_DIR), dirname(join(root, file)));
  }
  return result;
}

/** Deletes directories left empty by removed files, up to (not including) generated/ itself. */
function removeEmptyParents(top: string, dir: string): void {
  let current = dir;
  while (current.startsWith(`${top}/`) && readdirSync(current).length === 0) {
    rmdirSync(current);
    current = dirname(current);
  }
}
