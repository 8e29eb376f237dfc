/**
 * `chatgen build` of the repository's own variants from a test, one at a time across the run's workers. Two test
 * files build every variant (tests/cli/real-tree.test.ts, tests/contract/flag-bundles.test.ts); run side by side on
 * a clean clone, both missed chatgen's build cache and bundled all twenty at once, twice the work on two cores. Under
 * the lock the second finds the first's bundles in the cache (generator/src/build/cache.ts) and restores them.
 */
import path from 'node:path';
import { REPO, runCli, type CliResult } from '../../generator/test/helpers.ts';
import { withDirectoryLock } from './directory-lock.ts';
import { testRunDir } from './test-run.ts';

/** A cold build of every variant takes minutes on a busy machine; the waiter gives it this long. */
const WAIT_MS = 15 * 60_000;

export function buildRealTree(args: readonly string[]): Promise<CliResult> {
  const lock = path.join(testRunDir() ?? path.join(REPO, '.tmp'), 'real-tree-build.lock');
  // The suite type-checks apart (tsc); the bundles are what these tests need.
  return withDirectoryLock(lock, 'chatgen build of the real tree', () => Promise.resolve(runCli(['build', '--no-typecheck', ...args], {}, WAIT_MS)), WAIT_MS);
}
