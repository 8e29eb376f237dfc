/**
 * Vitest's file order: the longest files first, so that a run on two workers does not end with one long file
 * alone while the other worker idles (longest-first is the classic fix for that tail). Vitest orders by the
 * durations of the last run on this machine (node_modules/.vite/vitest), but a clean clone (CI, and the first of
 * test-all's two vitest passes) has none, and vitest then falls back to file size, which says little here: the
 * start-up and fuzz files are short and take a minute, long unit files take a second.
 *
 * A file weighs what the last run on this machine measured when vitest has that, else what
 * tests/support/file-seconds.json records (a full run's figures, refreshed as docs/testing.md says), else nothing.
 * A file that failed last time still goes first, as in vitest; equal weights keep vitest's order.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Seconds per file (path from the repository root) of a full run; files of a few seconds are left out. */
export function recordedSeconds(file = new URL('./file-seconds.json', import.meta.url)): Record<string, number> {
  const recorded = JSON.parse(readFileSync(file, 'utf8')) as { seconds: Record<string, number> };
  return recorded.seconds;
}

export interface FileWeight {
  file: string;
  /** Seconds the last run on this machine took, when vitest remembers it. */
  lastRun?: { seconds: number; failed: boolean };
}

/** Longest first: a file that failed last time, then by seconds (last run, else recorded), stable otherwise. */
export function longestFirst<T extends FileWeight>(files: readonly T[], recorded: Record<string, number>): T[] {
  const weight = ({ file, lastRun }: FileWeight) => (lastRun?.failed ? Infinity : (lastRun?.seconds ?? recorded[file] ?? 0));
  return files
    .map((entry, index) => ({ entry, index, weight: weight(entry) }))
    .sort((a, b) => (b.weight === a.weight ? a.index - b.index : b.weight - a.weight))
    .map(({ entry }) => entry);
}

export class LongestFirstSequencer extends BaseSequencer {
  private readonly recorded = recordedSeconds();

  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const weighed = (await super.sort(files)).map((spec) => {
      const file = path.relative(root, spec.moduleId).split(path.sep).join('/');
      const last = this.ctx.cache.getFileTestResults(`${spec.project.name}:${file}`);
      return { spec, file, ...(last ? { lastRun: { seconds: last.duration / 1000, failed: last.failed } } : {}) };
    });
    return longestFirst(weighed, this.recorded).map(({ spec }) => spec);
  }
}
