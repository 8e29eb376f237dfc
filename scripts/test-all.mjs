// Runs every suite (CLI gates, lint, typecheck, vitest, Playwright) and ends with one line "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
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

function gate(name, command, args) {
  const started = Date.now();
  const run = spawnSync(command, args, { stdio: 'inherit' });
  const ok = run.status === 0;
  results.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1, seconds: (Date.now() - started) / 1000 });
  console.log(`${ok ? 'PASS' : 'FAIL'} ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

/**
 * Seconds per test file of the last vitest run, from vitest's own record of it (node_modules/.vite/vitest, what it
 * orders the next run by; the JSON report's times leave out each file's set-up), the files of 5 s or more, longest
 * first: the shape of tests/support/file-seconds.json, which orders a clean clone's run
 * (tests/support/longest-first-sequencer.ts).
 */
function writeFileSeconds(target) {
  const cacheRoot = path.join('node_modules', '.vite', 'vitest');
  const seconds = readdirSync(cacheRoot)
    .flatMap((dir) => JSON.parse(readFileSync(path.join(cacheRoot, dir, 'results.json'), 'utf8')).results)
    .map(([key, { duration }]) => [key.slice(key.indexOf(':') + 1), Math.round(duration / 1000)])
    .filter(([file, s]) => s >= 5 && existsSync(file))
    .sort((a, b) => b[1] - a[1]);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, `${JSON.stringify({ seconds: Object.fromEntries(seconds) }, null, 2)}\n`);
}

function vitest(name, args, env = {}, secondsFile = null) {
  const started = Date.now();
  const dir = mkdtempSync(path.join(tmpdir(), 'chatgen-vitest-'));
  const report = path.join(dir, 'report.json');
  const run = spawnSync('npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  try {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    const failedFiles = json.testResults.filter((file) => file.status === 'failed' && file.assertionResults.length === 0).length;
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
  results.at(-1).seconds = (Date.now() - started) / 1000;
  rmSync(dir, { recursive: true, force: true });
  if (secondsFile) {
    try {
      writeFileSeconds(secondsFile);
    } catch (error) {
      console.log(`warning: could not write ${secondsFile}: ${error.message}`);
    }
  }
}

function playwright(name) {
  const started = Date.now();
  const dir = mkdtempSync(path.join(tmpdir(), 'chatgen-playwright-'));
  const report = path.join(dir, 'report.json');
  const run = spawnSync('npx', ['playwright', 'test'], {
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
  });
  try {
    const { stats, errors } = JSON.parse(readFileSync(report, 'utf8'));
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
  results.at(-1).seconds = (Date.now() - started) / 1000;
  rmSync(dir, { recursive: true, force: true });
}

gate('chatgen validate --all --strict', 'node', ['generator/bin/chatgen.js', 'validate', '--all', '--strict']);
gate('chatgen generate --check', 'node', ['generator/bin/chatgen.js', 'generate', '--check']);
gate('eslint', 'npx', ['eslint', '.']);
gate('tsc --noEmit', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
// Includes tests/cluster (two server processes on PostgreSQL and RabbitMQ, which scripts/test-services.sh starts)
// and the RabbitMQ bus tests (server/realtime/amqp-bus.test.ts).
// Each file's seconds, for refreshing tests/support/file-seconds.json (docs/testing.md).
vitest('vitest', [], {}, 'test-results/vitest-file-seconds.json');
// The suites that touch the store, once more on PostgreSQL (each file gets a throw-away database): the same
// migrations, SQL and server behaviour on both engines (docs/server-storage.md).
// Security suites whose promises rest on state the store keeps (durable nonces, revocation, throttling counters,
// login-name spelling, the revocation bus); the others (body limits, zip names, the login socket, the authorisation
// matrix and the hostile-value fuzzing, both answered before or above the SQL, the endpoint walk) run once.
const storeSecuritySuites = ['replay-after-restart', 'token-revocation', 'login-throttle', 'login-name-normalisation', 'removed-member'].map(
  (name) => `tests/security/${name}.test.ts`,
);
vitest('vitest (store suites on PostgreSQL)', ['server', 'tests/server', ...storeSecuritySuites, 'tests/contract/all-calls.test.ts'], {
  CHATGEN_TEST_STORE: 'postgres',
});
// The browser tests run alone afterwards: their realtime checks should not compete for the two cores with the
// server suites.
playwright('playwright (browser)');

const total = results.reduce(
  (sum, r) => ({ passed: sum.passed + r.passed, failed: sum.failed + r.failed, skipped: sum.skipped + (r.skipped ?? 0) }),
  { passed: 0, failed: 0, skipped: 0 },
);
for (const r of results) console.log(`  ${r.name}: ${r.passed} passed, ${r.failed} failed (${r.seconds.toFixed(0)} s)`);
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(total.failed > 0 ? 1 : 0);
