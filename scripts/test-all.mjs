// Runs every suite (CLI gates, lint, typecheck, vitest, Playwright) and ends with one line "N passed, N failed".
import { Buffer } from 'node:buffer';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';

const results = [];

// One full run at a time on a machine: the suites start servers, browsers and realtime checks that must not
// compete with a second full run for the cores. A later run waits; a lock left by a dead run is taken over.
function takeMachineLock() {
  const lock = path.join(tmpdir(), 'chatgen-test-all.lock');
  const owner = path.join(lock, 'pid');
  let announced = false;
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(owner, String(process.pid));
      const release = () => rmSync(lock, { recursive: true, force: true });
      process.on('exit', release);
      for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
      return;
    } catch {
      let holder = NaN;
      try {
        holder = Number(readFileSync(owner, 'utf8'));
      } catch {
        // The holder is between mkdir and writing its pid.
      }
      let alive = true;
      if (Number.isInteger(holder) && holder > 0) {
        try {
          process.kill(holder, 0);
        } catch {
          alive = false;
        }
      }
      if (!alive) {
        rmSync(lock, { recursive: true, force: true });
        continue;
      }
      if (!announced) console.log(`waiting for another full test run on this machine (pid ${holder}) to finish ...`);
      announced = true;
      spawnSync('sleep', ['5']);
    }
  }
}
takeMachineLock();

/**
 * CPU seconds (user + system) of the children this process has waited for, from /proc/self/stat (cutime and cstime,
 * in clock ticks): a stage's figure is the difference before and after it. Null where there is no /proc.
 */
const ticksPerSecond = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;
function childCpuSeconds() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / ticksPerSecond;
  } catch {
    return null;
  }
}

const load = () => loadavg()[0].toFixed(1);

/** Runs `work` as one stage: its wall time, its children's CPU time and the load average before and after. */
function stage(name, work) {
  const started = Date.now();
  const cpuBefore = childCpuSeconds();
  const loadBefore = load();
  work();
  const result = results.at(-1);
  result.seconds = (Date.now() - started) / 1000;
  result.cpu = cpuBefore === null ? null : childCpuSeconds() - cpuBefore;
  result.load = `${loadBefore} -> ${load()}`;
  console.log(`stage ${name}: ${describeTimes(result)}`);
}

function describeTimes(r) {
  return `${r.seconds.toFixed(0)} s${r.cpu === null ? '' : `, CPU ${r.cpu.toFixed(0)} s`}, load ${r.load}`;
}

/** The ten longest entries of `seconds` (name -> seconds), printed under a heading. */
function printSlowest(heading, seconds) {
  const top = Object.entries(seconds)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 10);
  if (top.length === 0) return;
  console.log(heading);
  for (const [name, s] of top) console.log(`  ${s.toFixed(1).padStart(7)} s  ${name}`);
}

/**
 * The gates, two at a time: each is one single-threaded process (the CLI, eslint, tsc), so on two cores two of them
 * take about the time of one. Each one's output is printed when it ends, not interleaved.
 */
async function gates(list) {
  const started = Date.now();
  const cpuBefore = childCpuSeconds();
  const loadBefore = load();
  const queue = [...list];
  const runOne = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [name, command, args] = next;
      const gateStarted = Date.now();
      const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      const output = [];
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
      const code = await new Promise((resolve) => child.on('close', resolve));
      process.stdout.write(Buffer.concat(output));
      const ok = code === 0;
      results.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1, seconds: (Date.now() - gateStarted) / 1000, cpu: null, load: '(with the other gates)' });
      console.log(`${ok ? 'PASS' : 'FAIL'} ${name} (${((Date.now() - gateStarted) / 1000).toFixed(1)} s)`);
    }
  };
  await Promise.all([runOne(), runOne()]);
  const cpu = cpuBefore === null ? null : childCpuSeconds() - cpuBefore;
  console.log(`stage gates: ${describeTimes({ seconds: (Date.now() - started) / 1000, cpu, load: `${loadBefore} -> ${load()}` })}`);
}

/**
 * Seconds per test file of the last vitest run, from vitest's own record of it (node_modules/.vite/vitest, what it
 * orders the next run by; the JSON report's times leave out each file's set-up), the files of 5 s or more, longest
 * first: the shape of tests/support/file-seconds.json, which orders a clean clone's run
 * (tests/support/longest-first-sequencer.ts).
 */
function writeFileSeconds(target) {
  // A file run by both projects (both stores) weighs its longer run.
  const longest = new Map();
  for (const [key, s] of Object.entries(vitestFileSeconds())) {
    const file = key.slice(key.indexOf(':') + 1);
    longest.set(file, Math.max(longest.get(file) ?? 0, Math.round(s)));
  }
  const seconds = [...longest].filter(([file, s]) => s >= 5 && existsSync(file)).sort((a, b) => b[1] - a[1]);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, `${JSON.stringify({ seconds: Object.fromEntries(seconds) }, null, 2)}\n`);
}

/**
 * Seconds per `project:file` as vitest recorded them for its next run (set-up included); with `before` (the same
 * record taken before this run), only what this run wrote: the record keeps the files of earlier runs too.
 */
function vitestFileSeconds(before = null) {
  const cacheRoot = path.join('node_modules', '.vite', 'vitest');
  if (!existsSync(cacheRoot)) return {};
  const entries = readdirSync(cacheRoot)
    .filter((dir) => existsSync(path.join(cacheRoot, dir, 'results.json')))
    .flatMap((dir) => JSON.parse(readFileSync(path.join(cacheRoot, dir, 'results.json'), 'utf8')).results)
    .map(([key, { duration }]) => [key, duration / 1000])
    .filter(([key, s]) => !before || before[key] !== s);
  return Object.fromEntries(entries);
}

function vitest(name, args, env = {}, secondsFile = null) {
  stage(name, () => runVitest(name, args, env, secondsFile));
}

function runVitest(name, args, env, secondsFile) {
  const recordBefore = vitestFileSeconds();
  const dir = mkdtempSync(path.join(tmpdir(), 'chatgen-vitest-'));
  const report = path.join(dir, 'report.json');
  const run = spawnSync('npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  try {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    const failedFiles = json.testResults.filter((file) => file.status === 'failed' && file.assertionResults.length === 0).length;
    try {
      printSlowest(`slowest files of ${name} (project:file, set-up included):`, vitestFileSeconds(recordBefore));
    } catch (error) {
      console.log(`warning: no file times: ${error.message}`);
    }
    results.push({
      name,
      passed: json.numPassedTests,
      failed: json.numFailedTests + failedFiles,
      skipped: json.numPendingTests + json.numTodoTests,
    });
  } catch {
    results.push({ name, passed: 0, failed: 1 });
  }
  if (run.status !== 0 && results.at(-1).failed === 0) results.at(-1).failed = 1;
  rmSync(dir, { recursive: true, force: true });
  if (secondsFile) {
    try {
      writeFileSeconds(secondsFile);
    } catch (error) {
      console.log(`warning: could not write ${secondsFile}: ${error.message}`);
    }
  }
}

/** Seconds per browser test file: the sum of its tests' durations (its beforeAll, server and build, in the first). */
function playwrightFileSeconds(suites) {
  const seconds = {};
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) for (const r of t.results ?? []) seconds[file] = (seconds[file] ?? 0) + r.duration / 1000;
    }
    for (const child of suite.suites ?? []) walk(child, file);
  };
  for (const suite of suites ?? []) walk(suite, suite.file ?? suite.title);
  return seconds;
}

function playwright(name) {
  stage(name, () => runPlaywright(name));
}

function runPlaywright(name) {
  const dir = mkdtempSync(path.join(tmpdir(), 'chatgen-playwright-'));
  const report = path.join(dir, 'report.json');
  const run = spawnSync('npx', ['playwright', 'test'], {
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
  });
  try {
    const { stats, errors, suites } = JSON.parse(readFileSync(report, 'utf8'));
    // Kept for reading where the time went (each test's worker, start and duration: docs/testing.md).
    mkdirSync('test-results', { recursive: true });
    writeFileSync(path.join('test-results', 'playwright-report.json'), readFileSync(report));
    printSlowest(`slowest files of ${name} (sum of their tests):`, playwrightFileSeconds(suites));
    results.push({
      name,
      passed: stats.expected,
      // A flaky test passed only on a retry: still a failure to fix. Errors outside tests (set-up) count too.
      failed: stats.unexpected + stats.flaky + (errors?.length ?? 0),
      skipped: stats.skipped,
    });
  } catch {
    results.push({ name, passed: 0, failed: 1 });
  }
  if (run.status !== 0 && results.at(-1).failed === 0) results.at(-1).failed = 1;
  rmSync(dir, { recursive: true, force: true });
}

const runStarted = Date.now();
const runCpuBefore = childCpuSeconds();
const runLoadBefore = load();
// The longest two first.
await gates([
  ['eslint', 'npx', ['eslint', '.']],
  ['tsc --noEmit', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  ['chatgen validate --all --strict', 'node', ['generator/bin/chatgen.js', 'validate', '--all', '--strict']],
  ['chatgen generate --check', 'node', ['generator/bin/chatgen.js', 'generate', '--check']],
]);
// One vitest run, two projects (vitest.config.ts): every suite on the embedded store, and the suites that touch
// the store again on PostgreSQL (each file gets a throw-away database). Run as one, the two sets share the two
// workers: the PostgreSQL set no longer waits for the last files of the first pass with a worker idle.
// Includes tests/cluster (two server processes on PostgreSQL and RabbitMQ, which scripts/test-services.sh starts)
// and the RabbitMQ bus tests (server/realtime/amqp-bus.test.ts).
// Each file's seconds, for refreshing tests/support/file-seconds.json (docs/testing.md).
vitest('vitest (every suite; the store suites again on PostgreSQL)', [], { CHATGEN_TEST_STORES: 'both' }, 'test-results/vitest-file-seconds.json');
// The browser tests run alone afterwards: their realtime checks should not compete for the two cores with the
// server suites.
playwright('playwright (browser)');

const total = results.reduce(
  (sum, r) => ({ passed: sum.passed + r.passed, failed: sum.failed + r.failed, skipped: sum.skipped + (r.skipped ?? 0) }),
  { passed: 0, failed: 0, skipped: 0 },
);
for (const r of results) console.log(`  ${r.name}: ${r.passed} passed, ${r.failed} failed (${describeTimes(r)})`);
const runCpu = runCpuBefore === null ? null : childCpuSeconds() - runCpuBefore;
console.log(`  whole run: ${describeTimes({ seconds: (Date.now() - runStarted) / 1000, cpu: runCpu, load: `${runLoadBefore} -> ${load()}` })}`);
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(total.failed > 0 ? 1 : 0);
