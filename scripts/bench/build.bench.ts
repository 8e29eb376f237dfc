/**
 * `chatgen build --all` on a copy of the repository, four ways side by side in one run:
 *   cold          empty chatgen cache and output: every variant bundled, schema/ compiled
 *   no change     the same command again: every variant up to date
 *   one variant   one variant's title edited: that variant bundled, the others up to date
 *   src comment   a comment added to a module of src/: nothing can change in a bundle
 *   flag text     a flag's description edited in schema/flags.json: nothing can change in a bundle
 *   cold, 1 job   like cold, one variant at a time (what --jobs buys)
 * Prints, side by side, wall-clock seconds and CPU seconds (user + system of the chatgen process and its threads
 * and children, from the kernel's accounting of waited-for children), each with its ratio to the cold run, what
 * chatgen reported (built / reused), and the load average before and after. The machine's cores may be shared:
 * wall time then rises with the load while CPU time barely moves, so compare CPU seconds across runs made under
 * different loads and wall seconds only within one quiet run.
 *
 *   node --import tsx scripts/bench/build.bench.ts [--jobs N]
 *
 * Bundling only (`--no-typecheck`), so that the runs compare with earlier ones; the type check is a cost of its own
 * (a cold check of src/ takes tens of CPU seconds; a pass is remembered, and an unchanged tree does not load
 * TypeScript).
 * The repository itself is not touched: the copy holds schema/, variants/, src/, generated/ and links
 * node_modules. Numbers compare runs on one machine; nothing asserts them.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(REPO, 'generator/bin/chatgen.js');
const jobsArg = process.argv.indexOf('--jobs');
const jobs = jobsArg > 0 ? process.argv[jobsArg + 1] : undefined;

interface Run {
  name: string;
  seconds: number;
  /** User + system CPU seconds of the chatgen process (all its threads and children). */
  cpuSeconds: number;
  summary: string;
}

/**
 * CPU seconds (user + system) of this process's waited-for children so far: fields cutime and cstime of
 * /proc/self/stat, in clock ticks (USER_HZ, 100 on Linux). NaN where /proc is missing (the table then says '-').
 */
function childrenCpuSeconds(): number {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After 'pid (comm) ' the fields start at state (3rd); cutime and cstime are the 16th and 17th.
    return (Number(fields[16 - 3]) + Number(fields[17 - 3])) / 100;
  } catch {
    return Number.NaN;
  }
}

function copyTree(): string {
  const root = mkdtempSync(join(tmpdir(), 'chatgen-bench-'));
  for (const dir of ['schema', 'variants', 'src', 'generated']) cpSync(join(REPO, dir), join(root, dir), { recursive: true });
  for (const file of ['package.json', 'package-lock.json', 'tsconfig.json']) cpSync(join(REPO, file), join(root, file));
  symlinkSync(join(REPO, 'node_modules'), join(root, 'node_modules'), 'dir');
  return root;
}

function build(name: string, root: string, cache: string, extra: string[] = []): Run {
  const started = performance.now();
  const cpuBefore = childrenCpuSeconds();
  const jobsOption = extra.includes('--jobs') || !jobs ? [] : ['--jobs', jobs];
  const result = spawnSync(process.execPath, [BIN, 'build', '--all', '--root', root, '--quiet', '--no-typecheck', ...jobsOption, ...extra], {
    encoding: 'utf8',
    env: { ...process.env, CHATGEN_CACHE_DIR: cache },
  });
  const seconds = (performance.now() - started) / 1000;
  const cpuSeconds = childrenCpuSeconds() - cpuBefore;
  if (result.status !== 0) throw new Error(`${name}: chatgen build failed\n${result.stdout}\n${result.stderr}`);
  const summary = result.stdout.trim().split('\n').at(-1) ?? '';
  return { name, seconds, cpuSeconds, summary };
}

const load = (): string => loadavg().map((l) => l.toFixed(2)).join(' ');

const loadBefore = load();
const root = copyTree();
const cache = mkdtempSync(join(tmpdir(), 'chatgen-bench-cache-'));
const runs: Run[] = [];
try {
  runs.push(build('cold', root, cache));
  runs.push(build('no change', root, cache));
  const file = join(root, 'variants', 'HKMA_UAT.json');
  writeFileSync(file, readFileSync(file, 'utf8').replace('"HKMA Chat (UAT)"', '"HKMA Chat (UAT, bench)"'));
  runs.push(build('one variant', root, cache));
  const module = join(root, 'src', 'features', 'login', 'LoginPage.tsx');
  writeFileSync(module, `${readFileSync(module, 'utf8')}\n// A comment: the bundle cannot change.\n`);
  runs.push(build('src comment', root, cache));
  const flagsFile = join(root, 'schema', 'flags.json');
  writeFileSync(flagsFile, readFileSync(flagsFile, 'utf8').replace('"Run the browser check on the start route', '"Runs the browser check on the start route'));
  runs.push(build('flag text', root, cache));
  rmSync(join(root, 'dist'), { recursive: true, force: true });
  const coldOne = mkdtempSync(join(tmpdir(), 'chatgen-bench-cache-'));
  try {
    runs.push(build('cold, 1 job', root, coldOne, ['--jobs', '1']));
  } finally {
    rmSync(coldOne, { recursive: true, force: true });
  }
} finally {
  rmSync(root, { recursive: true, force: true });
  rmSync(cache, { recursive: true, force: true });
}

const cold = runs[0]!;
const fixed = (n: number, width: number, digits = 1): string => (Number.isFinite(n) ? n.toFixed(digits) : '-').padStart(width);
console.log(`load average before: ${loadBefore}; after: ${load()} (${availableParallelism()} cores)`);
console.log(`${'run'.padEnd(12)}  ${'wall s'.padStart(7)}  ${'× cold'.padStart(7)}  ${'CPU s'.padStart(7)}  ${'× cold'.padStart(7)}  chatgen says`);
for (const r of runs) {
  const cells = [fixed(r.seconds, 7), fixed(r.seconds / cold.seconds, 7, 2), fixed(r.cpuSeconds, 7), fixed(r.cpuSeconds / cold.cpuSeconds, 7, 2)];
  console.log(`${r.name.padEnd(12)}  ${cells.join('  ')}  ${r.summary}`);
}
