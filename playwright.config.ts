// Browser tests: Playwright Test driving Debian's Chromium against built variants served by the reference server.
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.e2e.ts',
  globalSetup: './tests/e2e/support/global-setup.ts',
  outputDir: 'test-results/e2e',
  // Three workers on the two cores: each file runs its own server in its worker, variants are built once under a
  // lock (support/build-cache.ts), and the specs' realtime checks wait on web-first assertions, not on wall-clock
  // windows, so they hold with other browsers beside them (they were written on a machine at load 13-19). A full
  // run keeps the cores about three quarters busy with two workers (the 45 s outage tests mostly wait): the third
  // fills that idle time and keeps the whole test command under CI's 25 minutes.
  workers: 3,
  fullyParallel: false,
  retries: 0,
  forbidOnly: true,
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? 'test-results/e2e-report.json' }]],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    viewport: { width: 1366, height: 860 },
    locale: 'en-US',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
