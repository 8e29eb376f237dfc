import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './tests/support/longest-first-sequencer.ts';

const root = import.meta.dirname;

export default defineConfig({
  resolve: {
    alias: {
      '@generated': path.join(root, 'generated'),
      '@variant': path.join(root, 'generated/variants/CSD'),
      '@src': path.join(root, 'src'),
    },
  },
  test: {
    include: ['**/*.test.{ts,tsx}'],
    exclude: ['node_modules/**', 'dist/**', 'data/**', '**/fixtures/**', '.tmp/**'],
    pool: 'forks',
    // Two files at a time on the two cores (vitest's default is one fewer worker than cores, so one file at a
    // time here): most server suites spend their time waiting on sockets, child processes and timers.
    maxWorkers: 2,
    // The longest files first, also on a clean clone with no durations of a last run (the sequencer says how).
    sequence: { sequencer: LongestFirstSequencer },
    globalSetup: ['tests/support/vitest-global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
