import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './tests/support/longest-first-sequencer.ts';

const root = import.meta.dirname;

/**
 * The suites that touch the store, run a second time on PostgreSQL (each file gets a throw-away database): the same
 * migrations, SQL and server behaviour on both engines (docs/server-storage.md). Security suites whose promises rest
 * on state the store keeps (durable nonces, revocation, throttling counters, login-name spelling, the revocation
 * bus), and the authorisation matrix and the schema and hostile-value fuzzing (0 unanswered, 0 5xx on both
 * engines: a value the schema accepts must not break either one's SQL); the others (body limits, zip names, the
 * login socket, the endpoint walk) run once.
 */
const allSuites = ['**/*.test.{ts,tsx}'];

export const storeSuites = [
  'server/**/*.test.ts',
  'tests/server/**/*.test.ts',
  ...['replay-after-restart', 'token-revocation', 'login-throttle', 'login-name-normalisation', 'removed-member', 'authorisation-matrix', 'hostile-input-fuzz'].map(
    (name) => `tests/security/${name}.test.ts`,
  ),
  'tests/fuzz/request-fuzz.test.ts',
  'tests/contract/all-calls.test.ts',
];

/** Suites of the embedded data folder itself (its lock, kill -9 and restart), which PostgreSQL has no part in. */
const embeddedOnlySuites = ['server/store/durability.test.ts', 'server/store/data-dir-lock.test.ts', 'tests/server/data-folder.test.ts'];
const excluded = ['node_modules/**', 'dist/**', 'data/**', '**/fixtures/**', '.tmp/**'];

/**
 * CHATGEN_TEST_STORES=both (npm test): every suite on the embedded store and the store suites on PostgreSQL in one
 * run, two projects sharing the two workers, so the second set does not wait for the first one's last files (a
 * tail with one worker idle) and the run's set-up is made once. Otherwise one project on CHATGEN_TEST_STORE (default
 * embedded), as `npx vitest run <files>` always was.
 */
const bothStores = process.env.CHATGEN_TEST_STORES === 'both';

export default defineConfig({
  resolve: {
    alias: {
      '@generated': path.join(root, 'generated'),
      '@variant': path.join(root, 'generated/variants/CSD'),
      '@src': path.join(root, 'src'),
    },
  },
  test: {
    // Each project names its own files with both stores (a project's include adds to the root's, not replaces it).
    ...(bothStores ? {} : { include: allSuites }),
    exclude: excluded,
    pool: 'forks',
    // Two files at a time on the two cores (vitest's default is one fewer worker than cores, so one file at a
    // time here): most server suites spend their time waiting on sockets, child processes and timers.
    maxWorkers: 2,
    // The longest files first, also on a clean clone with no durations of a last run (the sequencer says how).
    sequence: { sequencer: LongestFirstSequencer },
    globalSetup: ['tests/support/vitest-global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    ...(bothStores
      ? {
          projects: [
            { extends: true, test: { name: 'embedded', include: allSuites, env: { CHATGEN_TEST_STORE: 'embedded' } } },
            { extends: true, test: { name: 'postgres', include: storeSuites, exclude: [...excluded, ...embeddedOnlySuites], env: { CHATGEN_TEST_STORE: 'postgres' } } },
          ],
        }
      : {}),
  },
});
