/** `chatgen build [ID...] [--all] [--out dist] [--jobs N] [--base /] [--no-cache] [--no-typecheck] [--dry-run] [--sourcemap] [--json]` */
import { build, type BuildReport, type VariantBuildResult } from '../build/index.ts';
import { formatBytes } from '../build/sizes.ts';
import { UsageError } from '../errors.ts';
import { log, out } from '../log.ts';
import { formatTable } from './list.ts';
import { requireIds } from './validate.ts';

export interface BuildCommandOptions {
  root: string;
  all?: boolean;
  out: string;
  jobs?: string;
  /** URL path the build is served from (default '/'). */
  base?: string;
  cache: boolean;
  typecheck: boolean;
  dryRun?: boolean;
  sourcemap?: boolean;
  json?: boolean;
}

const STATUS_TEXT: Record<VariantBuildResult['status'], string> = {
  built: 'built',
  cached: 'from cache',
  'up-to-date': 'up to date',
  failed: 'FAILED',
  invalid: 'INVALID',
  'would-build': 'would be built',
  'would-restore': 'would be restored from the cache',
};

const TYPECHECK_TEXT: Record<BuildReport['typecheck'], (ms: number) => string> = {
  passed: (ms) => `${(ms / 1000).toFixed(1)} s`,
  remembered: () => 'passed before',
  skipped: () => 'skipped',
  'no-tsconfig': () => 'none, no tsconfig.json',
};

function parseJobs(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const jobs = Number(text);
  if (!Number.isInteger(jobs) || jobs < 1) throw new UsageError(`--jobs ${text}: give a whole number of at least 1`);
  return jobs;
}

/** An absolute URL path ending in '/': '/', '/webchat/', '/a/b/'. */
const BASE_PATH = /^\/(?:[A-Za-z0-9._~-]+\/)*$/;

function parseBase(text: string | undefined): string {
  const base = text ?? '/';
  if (!BASE_PATH.test(base)) throw new UsageError(`--base must be a URL path that starts and ends with '/' (like /webchat/), not '${base}'`);
  return base;
}

/** `--dry-run`: one line per variant, what a build would do and why; a summary; nothing built or written. */
function printPlan(report: BuildReport, json: boolean | undefined): number {
  const count = (status: VariantBuildResult['status']): number => report.results.filter((r) => r.status === status).length;
  if (json) out(JSON.stringify(report, null, 2));
  else {
    for (const r of report.results) {
      const why = r.status === 'invalid' ? r.errors : (r.reasons ?? []);
      out(`${r.id}: ${STATUS_TEXT[r.status]}${why.length > 0 ? `: ${why.join(', ')}` : ''}`);
    }
  }
  const summary =
    `dry run: ${report.results.length} variant(s): ${count('would-build')} would be built, ${count('would-restore')} restored from the cache, ` +
    `${count('up-to-date')} up to date, ${count('invalid')} invalid; nothing was built or written`;
  if (json) log.info(summary);
  else out(summary);
  for (const id of report.skipped) log.warn(`${id}: skipped, invalid (not asked for; chatgen validate ${id} says why)`);
  return report.ok ? 0 : 1;
}

export async function runBuild(ids: string[], options: BuildCommandOptions): Promise<number> {
  requireIds(ids, options.all);
  const base = parseBase(options.base);
  if (options.dryRun) {
    const common = { root: options.root, ids, all: options.all, out: options.out, base, cache: options.cache, sourcemap: options.sourcemap, dryRun: true };
    return printPlan(await build(common), options.json);
  }
  const report = await build({
    root: options.root,
    ids,
    all: options.all,
    out: options.out,
    jobs: parseJobs(options.jobs),
    base,
    cache: options.cache,
    typecheck: options.typecheck,
    sourcemap: options.sourcemap,
    onProgress: ({ index, total, result }) => {
      const width = String(total).length;
      const counter = `[${String(index).padStart(width)}/${total}]`;
      const time = `${(result.ms / 1000).toFixed(2)} s`;
      if (result.ok) log.info(`${counter} ${result.id}: ${STATUS_TEXT[result.status]} in ${time}`);
      else for (const line of result.errors) log.error(`${counter} ${result.id}: ${result.status === 'invalid' ? 'invalid' : 'build failed'}: ${line}`);
    },
  });
  for (const id of report.skipped) log.warn(`${id}: skipped, invalid (not asked for; chatgen validate ${id} says why)`);
  const built = report.results.filter((r) => r.status === 'built').length;
  const reused = report.results.filter((r) => r.status === 'cached' || r.status === 'up-to-date').length;
  const failed = report.results.filter((r) => !r.ok).length;
  if (options.json) {
    out(JSON.stringify(report, null, 2));
  } else {
    const rows = report.results.map((r) => [
      r.id,
      STATUS_TEXT[r.status],
      r.ok ? formatBytes(r.rawBytes) : '-',
      r.ok ? formatBytes(r.gzipBytes) : '-',
      r.ok && r.loginJsGzipBytes !== undefined ? formatBytes(r.loginJsGzipBytes) : '-',
      `${(r.ms / 1000).toFixed(2)} s`,
      r.ok ? `${r.flagsOn}/${r.flagsOff}` : '-',
    ]);
    out(formatTable(['VARIANT', 'STATUS', 'RAW', 'GZIP', '/LOGIN JS GZIP', 'TIME', 'FLAGS ON/OFF'], rows));
  }
  const summary =
    `${report.results.length} variant(s): ${built} built, ${reused} reused from the cache, ${failed} failed ` +
    `in ${(report.totalMs / 1000).toFixed(1)} s (generate ${(report.generateMs / 1000).toFixed(1)} s, type check ${TYPECHECK_TEXT[report.typecheck](report.typecheckMs)})`;
  if (options.json) log.info(summary);
  else out(summary);
  if (report.results.length > 0 && report.results.every((r) => r.status === 'up-to-date')) log.info('nothing changed since the last build: every variant came from the cache');
  return report.ok ? 0 : 1;
}
