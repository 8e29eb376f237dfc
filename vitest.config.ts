import path from 'node:path';
import { defineConfig } from 'vitest/config';

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
    globalSetup: ['tests/support/postgres-run.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
