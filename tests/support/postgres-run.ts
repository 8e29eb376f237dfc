// Vitest global set-up: on CHATGEN_TEST_STORE=postgres, names this run (its throw-away databases are
// chatgen_<run>_*) and drops whatever of them a test file left behind when the run ends.
import { dropRun, newRunId } from '../../server/store/scratch.ts';
import { testStore } from '../../server/store/testing.ts';

export default function setup(): (() => Promise<void>) | undefined {
  if (testStore() !== 'postgres') return undefined;
  const run = process.env.CHATGEN_TEST_PG_RUN || newRunId();
  // Test workers are started after this and inherit the environment.
  process.env.CHATGEN_TEST_PG_RUN = run;
  return async () => {
    await dropRun(run);
  };
}
