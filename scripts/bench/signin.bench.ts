/**
 * The sign-in waterfall: the built CSD client in Chromium against the reference server in its own process, for a
 * user with 10 rooms and one with 5,000 (made through createmultipleroom as a user makes them, each with one other
 * member). Each run opens the login page in a fresh browser context, waits until it is quiet, fills the form and
 * clicks Login; it ends when the first room row is painted. Prints, per user, click to first room row (p50 and all
 * runs), and the waterfall of the median run: every request after the click with its start and end in ms after it.
 *
 *   node --import tsx scripts/bench/signin.bench.ts [--runs 5] [--rooms 5000]
 *
 * Builds the CSD variant into .tmp/e2e-dist (as the browser tests do) when it is missing.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from 'playwright-core';
import { openEmbeddedDatabase } from '../../server/store/embedded.ts';
import { migrate } from '../../server/store/migrate.ts';
import { createAccountIn, TEST_PASSWORD } from '../../tests/support/test-server.ts';
import { builtVariant } from '../../tests/e2e/support/build-cache.ts';
import { benchContext, makeRoomsAsUser } from './bench-rooms.ts';
import { startBenchServer } from './bench-server.ts';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    rooms: { type: 'string', default: '5000' },
  },
});
const RUNS = Number(args.runs);
const MANY = Number(args.rooms);
const FEW = 10;
const OTHERS = 20;
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** The two users: `few` with 10 rooms, `many` with MANY; each room has one other member and every tenth an unread message. */
async function prepareStore(dataDir: string): Promise<void> {
  const db = await openEmbeddedDatabase(dataDir, { template: true });
  try {
    await migrate(db);
    const ctx = benchContext(db, dataDir);
    const r = ctx.repos;
    const tenant = await r.tenants.create({ fullname: 'Sign-in Bench', shortName: 'SB' });
    const others: number[] = [];
    for (let i = 0; i < OTHERS; i++) others.push((await createAccountIn(r, { loginName: `colleague${i}`, fullName: `Colleague ${i}`, tenantId: tenant.id })).id);
    for (const [loginName, rooms] of [['few', FEW], ['many', MANY]] as const) {
      const viewer = await createAccountIn(r, { loginName, fullName: `Viewer ${loginName}`, tenantId: tenant.id });
      const started = performance.now();
      await makeRoomsAsUser(ctx, viewer.id, others, rooms, 10);
      console.error(`${loginName}: ${rooms} rooms made through createmultipleroom in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
  } finally {
    await db.close();
  }
}

/** Records, in the page, when Sign In is clicked and when the first room row appears (wall-clock ms). */
const INSTRUMENT = `(() => {
  const now = () => performance.timeOrigin + performance.now();
  const marks = {};
  window.addEventListener('click', () => { marks.click ??= now(); }, true);
  new MutationObserver(() => {
    if (marks.click !== undefined && marks.firstRow === undefined && document.querySelector('[data-testid="room-row"]')) marks.firstRow = now();
  }).observe(document, { subtree: true, childList: true });
  Object.assign(window, { benchMarks: marks });
})();`;

interface Step {
  name: string;
  start: number;
  end: number;
}

interface Run {
  firstRowMs: number;
  steps: Step[];
}

function requestName(url: string): string {
  const { pathname } = new URL(url);
  const call = /\/v3\/chat\/(?:pub|sec)\/[^/]+\/([^/?]+)/.exec(pathname)?.[1];
  return call ?? pathname.replace(/^\/assets\//, 'asset ');
}

async function signInOnce(browser: Browser, url: string, loginName: string): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 }, locale: 'en-US' });
  try {
    const page = await context.newPage();
    await page.addInitScript(INSTRUMENT);
    const requests: { url: string; started: number; ended?: number }[] = [];
    page.on('request', (request) => requests.push({ url: request.url(), started: Date.now() }));
    page.on('requestfinished', (request) => {
      const timing = request.timing();
      const entry = requests.find((candidate) => candidate.url === request.url() && candidate.ended === undefined);
      if (entry) {
        entry.started = timing.startTime;
        entry.ended = timing.startTime + timing.responseEnd;
      }
    });
    await page.goto(`${url}/`);
    await page.getByLabel('Login Name').fill(loginName);
    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByTestId('room-row').first().waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    const marks = await page.evaluate(() => (window as unknown as { benchMarks: { click: number; firstRow: number } }).benchMarks);
    const steps = requests
      .filter((request) => request.started >= marks.click - 1 && request.ended !== undefined)
      .map((request) => ({ name: requestName(request.url), start: request.started - marks.click, end: (request.ended ?? 0) - marks.click }))
      .sort((a, b) => a.start - b.start);
    return { firstRowMs: marks.firstRow - marks.click, steps };
  } finally {
    await context.close();
  }
}

function report(loginName: string, rooms: number, runs: Run[]): number {
  const sorted = [...runs].sort((a, b) => a.firstRowMs - b.firstRowMs);
  const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
  console.log(`\n${rooms} rooms (${loginName}): click -> first room row p50 ${median.firstRowMs.toFixed(0)} ms; runs ${runs.map((run) => run.firstRowMs.toFixed(0)).join(', ')}`);
  console.log('  waterfall of the median run (ms after the click):');
  for (const step of median.steps) console.log(`    ${step.start.toFixed(0).padStart(6)} -> ${step.end.toFixed(0).padStart(6)}  ${step.name}`);
  return median.firstRowMs;
}

async function main(): Promise<void> {
  const root = await mkdtemp(path.join(tmpdir(), 'chatgen-signin-'));
  const dataDir = path.join(root, 'data');
  // A copy of the build: the browser tests clear and rebuild theirs when they start.
  const clientDir = path.join(root, 'client');
  await cp(await builtVariant('CSD'), clientDir, { recursive: true });
  await prepareStore(dataDir);
  const { child, url } = await startBenchServer({ DATA_DIR: dataDir, CLIENT_DIR: clientDir, VARIANT: 'CSD' });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const results: [string, number, Run[]][] = [];
    for (const [loginName, rooms] of [['few', FEW], ['many', MANY]] as const) {
      await signInOnce(browser, url, loginName); // warm-up: the server's plans and caches, the browser's
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await signInOnce(browser, url, loginName));
      results.push([loginName, rooms, runs]);
    }
    const [one, five, fifteen] = loadavg();
    console.log(`signin bench: CSD build, embedded store, ${RUNS} runs each after a warm-up; load average ${one?.toFixed(2)} ${five?.toFixed(2)} ${fifteen?.toFixed(2)}`);
    const [few, many] = results.map(([loginName, rooms, runs]) => report(loginName, rooms, runs));
    if (few !== undefined && many !== undefined) console.log(`\n${MANY} rooms / ${FEW} rooms: ${(many / few).toFixed(2)}x`);
  } finally {
    await browser.close();
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await rm(root, { recursive: true, force: true });
  }
}

await main();
