// Runs once before the browser tests: every variant is built fresh for this run, and the run gets its folder for
// what its test files share (the prepared store of tests/support/prepared-store.ts); the teardown removes it.
import { beginTestRun } from '../../support/test-run.ts';
import { clearBuilds } from './build-cache.ts';

export default async function globalSetup(): Promise<() => void> {
  await clearBuilds();
  return beginTestRun();
}
