// Vitest global set-up: a run folder for what the test files share (tests/support/test-run.ts), and on
// CHATGEN_TEST_STORE=postgres a name for this run (its throw-away databases are chatgen_<run>_*), whose databases
// a test file left behind are dropped when the run ends.
import { dropRun, newRunId } from '../../server/store/scratch.ts';
import { testStore } from '../../server/store/testing.ts';
import { beginTestRun } from './test-run.ts';

export default function setup(): () => Promise<void> {
  // Test workers are started after this and inherit the environment.
  const endRun = beginTestRun();
  if (testStore() !== 'postgres') return async () => endRun();
  const run = process.env.CHATGEN_TEST_PG_RUN || newRunId();
  process.env.CHATGEN_TEST_PG_RUN = run;
  return async () => {
    endRun();
    await dropRun(run);
  };
}
