// Vitest global set-up: a run folder for what the test files share (tests/support/test-run.ts), and on
// CHATGEN_TEST_STORE=postgres (or both stores) a name for this run (its throw-away databases are chatgen_<run>_*),
// whose databases a test file left behind are dropped when the run ends.
import { dropRun, newRunId } from '../../server/store/scratch.ts';
import { testStore } from '../../server/store/testing.ts';
import { beginTestRun } from './test-run.ts';

export default function setup(): () => Promise<void> {
  // With both stores (vitest.config.ts) each project runs this set-up in the one main process: the first makes the
  // run, the second finds it (the environment says so) and leaves its end to the first.
  if (process.env.CHATGEN_TEST_RUN_DIR && process.env.CHATGEN_TEST_STORES === 'both') return async () => undefined;
  // Test workers are started after this and inherit the environment.
  const endRun = beginTestRun();
  if (testStore() !== 'postgres' && process.env.CHATGEN_TEST_STORES !== 'both') return async () => endRun();
  const run = process.env.CHATGEN_TEST_PG_RUN || newRunId();
  process.env.CHATGEN_TEST_PG_RUN = run;
  return async () => {
    endRun();
    await dropRun(run);
  };
}
