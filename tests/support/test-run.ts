/**
 * A folder for one test run (vitest or Playwright), shared by its workers: what is made once per run and reused by
 * every test file (tests/support/prepared-store.ts). The global set-up makes it and names it in
 * CHATGEN_TEST_RUN_DIR, which the workers inherit; the teardown removes it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const RUN_DIR = 'CHATGEN_TEST_RUN_DIR';

export function testRunDir(): string | null {
  return process.env[RUN_DIR] || null;
}

/** Starts a run (global set-up); the returned function ends it (teardown). */
export function beginTestRun(): () => void {
  const dir = mkdtempSync(path.join(tmpdir(), 'chatgen-run-'));
  process.env[RUN_DIR] = dir;
  return () => {
    rmSync(dir, { recursive: true, force: true });
    if (process.env[RUN_DIR] === dir) delete process.env[RUN_DIR];
  };
}
