/**
 * `chatgen build`: validate, generate, then build the variants concurrently into `<out>/<ID>/`, reusing a
 * cached bundle when the variant's resolved config and the shared sources are unchanged (build/fingerprint.ts).
 * An invalid variant fails alone: the others still build (an unrelated broken variant never stops `build CSD`).
 */
import { availableParallelism } from 'node:os';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { preparedGenerated } from '../emit/generate-cache.ts';
import { keepFilesOf, writeGenerated } from '../emit/write.ts';
import { ChatgenError } from '../errors.ts';
import { loadProject, type Project } from '../load/project.ts';
import { formatProblem } from '../problems.ts';
import { variantFile } from '../resolve/provenance.ts';
import { didYouMean } from '../validate/suggest.ts';
import { displayPath, listFiles } from '../util/fs.ts';
import { log } from '../log.ts';
import { type BundlerError, describeBundlerErrors, formatBundlerError } from './bundler-errors.ts';
import * as cache from './cache.ts';
import { cacheKey, changedInputs, configHash, type Inputs, inputsDigest, sharedInputs, variantInputs } from './fingerprint.ts';
import { gitState } from './git.ts';
import { clearWithFailure, type FailureManifest, identityOf, MANIFEST_FILE, readManifest, type SuccessManifest, writeManifest } from './manifest.ts';
import { writeRunManifest } from './run-manifest.ts';
import { routeSizes } from './routes.ts';
import { measureFiles, total } from './sizes.ts';
import { SourceHasher } from './source-hash.ts';
import { typeCheck, type TypeCheckResult } from './typecheck.ts';
import { toolVersions } from './tools.ts';
import { describeDifference, differences, type FileDifference } from './verify.ts';
import { DEFAULT_BASE, variantSourceDir } from './base.ts';
import { BundlerFailure, startBuildPool, type BuildPool } from './worker-pool.ts';

/** `would-build` and `would-restore`: what `--dry-run` says a build would do. */
export type BuildStatus = 'built' | 'cached' | 'up-to-date' | 'failed' | 'invalid' | 'would-build' | 'would-restore';

export interface BuildOptions {
  root: string;
  ids?: string[];
  all?: boolean;
  /** Output directory, relative to the root unless absolute. */
  out?: string;
  /** Variants bundled at the same time (default: the number of CPUs, at most 4). */
  jobs?: number;
  /** Reuse cached bundles (default true); false bundles every variant again (and refreshes the cache). */
  cache?: boolean;
  /** URL path the builds are served from ('/' unless deployed under a sub-path such as '/webchat/'). */
  base?: string;
  /** Type-check the bundles' sources before bundling (default true; false for those who run `tsc` apart). */
  typecheck?: boolean;
  /**
   * Say what would be done and why, and do nothing: no bundling, no type check, nothing written to generated/ or
   * the output (results `would-build`, `would-restore`, `up-to-date`, `invalid`, each with its `reasons`).
   */
  dryRun?: boolean;
  /**
   * Write source maps beside the served files, in `<out>/<ID>-sourcemaps/` (same relative paths plus `.map`);
   * served files neither hold nor name them. Maps come from bundling, so each variant is bundled.
   */
  sourcemap?: boolean;
  /** Called as each variant finishes: `index` of `total` done. */
  onProgress?: (event: { index: number; total: number; result: VariantBuildResult }) => void;
}

export interface VariantBuildResult {
  id: string;
  status: BuildStatus;
  ok: boolean;
  /** The bundler's errors (status failed) or the validation errors (status invalid), one line each. */
  errors: string[];
  /** The first of `errors`. */
  error?: string;
  outDir: string;
  rawBytes: number;
  gzipBytes: number;
  /** Gzip bytes of the JavaScript of the `/login` route (undefined for a failed build or an older cache entry). */
  loginJsGzipBytes?: number;
  /** Time spent on this variant in this run (bundling, or restoring from the cache). */
  ms: number;
  flagsOn: number;
  flagsOff: number;
  cacheKey?: string;
  /** Why it was (or, with --dry-run, would be) bundled or restored: the inputs changed since the last build, ... */
  reasons?: string[];
}

export interface BuildReport {
  ok: boolean;
  results: VariantBuildResult[];
  totalMs: number;
  generateMs: number;
  /** `passed`, `remembered` (these sources passed before), `skipped` (--no-typecheck, --dry-run) or `no-tsconfig`. */
  typecheck: Exclude<TypeCheckResult['status'], 'failed'> | 'skipped';
  typecheckMs: number;
  /** Variants not asked for that are invalid and were left out of generated/ (`build CSD` still runs). */
  skipped: string[];
}

/** ` (and 2 more)` after the first of several differences. */
function more(list: readonly FileDifference[]): string {
  return list.length > 1 ? ` (and ${list.length - 1} more)` : '';
}

/** The /login JavaScript of a cache entry, when it was measured (entries written before routeScripts lack it). */
function loginJs(entry: cache.CacheEntry): { loginJsGzipBytes?: number } {
  const scripts = (entry.bundle as Partial<Pick<SuccessManifest, 'routeScripts'>>).routeScripts;
  const login = scripts?.['/login'];
  return login ? { loginJsGzipBytes: login.gzip } : {};
}

function defaultJobs(): number {
  return Math.max(1, Math.min(4, availableParallelism()));
}

/** Runs `work` over `items` with at most `limit` at a time, keeping the input order in the result. */
async function pool<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

/** `<out>/<ID>-sourcemaps/`: the maps of `<out>/<ID>/`, outside the served directory. */
export const SOURCEMAP_DIR_SUFFIX = '-sourcemaps';

/** Moves the `.map` files of a build into `mapsDir` (replacing what it held), keeping their relative paths. */
function moveSourceMaps(builtDir: string, mapsDir: string): void {
  const staging = `${mapsDir}.staging-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  for (const rel of listFiles(builtDir).filter((f) => f.endsWith('.map'))) {
    mkdirSync(dirname(join(staging, rel)), { recursive: true });
    renameSync(join(builtDir, rel), join(staging, rel));
  }
  mkdirSync(staging, { recursive: true });
  replaceDir(mapsDir, staging);
}

/** Puts a finished directory in place of `target` with the shortest window without either. */
function replaceDir(target: string, staging: string): void {
  const old = `${target}.old-${process.pid}`;
  rmSync(old, { recursive: true, force: true });
  if (existsSync(target)) renameSync(target, old);
  renameSync(staging, target);
  rmSync(old, { recursive: true, force: true });
}

export async function build(options: BuildOptions): Promise<BuildReport> {
  const started = performance.now();
  // A production build whatever the caller's NODE_ENV says: Vite and the React plugin read it to choose the
  // JSX transform, and NODE_ENV=test (a test runner) would otherwise bundle development JSX with file paths.
  process.env.NODE_ENV = 'production';
  const project = loadProject(options.root);
  const ids = options.all ? [...project.variants.keys()].sort() : [...new Set(options.ids ?? [])];
  const unknown = ids.filter((id) => !project.variants.has(id));
  if (unknown.length > 0) {
    const hints = unknown.map((id) => `${id}${didYouMean(id, project.variants.keys())}`);
    throw new ChatgenError(`unknown variant id(s): ${hints.join(', ')}`);
  }
  const jobs = Math.min(options.jobs ?? defaultJobs(), Math.max(1, ids.length));
  let threads: BuildPool | undefined;
  const startThreads = (): BuildPool => (threads ??= startBuildPool(jobs));
  // When a bundle is surely needed the build threads load Vite while this thread validates and generates;
  // otherwise they start at the first variant that needs bundling (none when nothing changed).
  const outRoot = resolve(project.root, options.out ?? 'dist');
  if (!options.dryRun && (options.cache === false || ids.some((id) => readManifest(resolve(outRoot, id))?.status !== 'ok'))) startThreads();
  try {
    return await buildWith(startThreads, jobs, project, ids, options, started);
  } finally {
    await threads?.close();
  }
}

async function buildWith(
  threads: () => BuildPool,
  jobs: number,
  project: Project,
  ids: string[],
  options: BuildOptions,
  started: number,
): Promise<BuildReport> {
  const { record } = await preparedGenerated(project);
  const { report } = record;
  const schemaErrors = report.errors.filter((p) => p.file.startsWith('schema/'));
  if (schemaErrors.length > 0) throw new ChatgenError(`cannot build: ${schemaErrors.length} error(s) in schema/`, schemaErrors);
  const invalid = new Set(report.invalid);
  const dryRun = options.dryRun ?? false;
  const generated = new Map(record.files);
  if (!dryRun) writeGenerated(project.root, generated, keepFilesOf([...invalid]));
  const generateMs = Math.round(performance.now() - started);
  const entries = Object.keys(record.variants).map((id) => `generated/variants/${id}/main.tsx`);
  const typecheck = options.typecheck === false || dryRun ? { status: 'skipped' as const, errors: [] } : typeCheck(project.root, entries);
  if (typecheck.status === 'failed') {
    const first = typecheck.errors[0]!;
    const more = typecheck.errors.length > 1 ? ` (the first of ${typecheck.errors.length}; npm run typecheck lists them all)` : '';
    throw new ChatgenError(`cannot build: type error in ${first.file}${more}; nothing was bundled`, [
      { severity: 'error', file: first.file, path: '', message: `${first.message} [TS${first.code}]`, line: first.line, column: first.column },
    ]);
  }
  const typecheckMs = Math.round(performance.now() - started) - generateMs;

  const outRoot = resolve(project.root, options.out ?? 'dist');
  if (!dryRun) mkdirSync(outRoot, { recursive: true });
  const sources = new SourceHasher(project.root);
  const sharedParts = sharedInputs(project.root, sources, generated);
  const shared = inputsDigest(sharedParts);
  const git = gitState(project.root);
  const tools = toolVersions(project.root);
  const base = options.base ?? DEFAULT_BASE;
  const useCache = options.cache ?? true;
  let done = 0;

  const buildOne = async (id: string): Promise<VariantBuildResult> => {
    const t0 = performance.now();
    const outDir = resolve(outRoot, id);
    const finish = (result: Omit<VariantBuildResult, 'ms' | 'ok' | 'error' | 'outDir'>): VariantBuildResult => {
      const ok = result.status !== 'failed' && result.status !== 'invalid';
      const full = { ...result, ok, outDir, error: result.errors[0], ms: Math.round(performance.now() - t0) };
      done += 1;
      options.onProgress?.({ index: done, total: ids.length, result: full });
      return full;
    };

    // Maps belong to the build beside them: one without --sourcemap (or a failed one) leaves none of an older one.
    const mapsDir = resolve(outRoot, `${id}${SOURCEMAP_DIR_SUFFIX}`);
    if (!dryRun && !options.sourcemap) rmSync(mapsDir, { recursive: true, force: true });

    if (invalid.has(id)) {
      // Its own problems, and those of the variants it extends (they are its problems too).
      // (A dry run reports them and clears nothing.)
      const chain = new Set([id]);
      for (let p = project.variants.get(id)?.json.extends; typeof p === 'string' && !chain.has(p); p = project.variants.get(p)?.json.extends) chain.add(p);
      const problems = report.errors.filter((p) => [...chain].some((c) => p.file === variantFile(c)));
      const config = project.variants.get(id)!.json;
      const manifest: FailureManifest = {
        ...identityOf({ ...config, id }, ''),
        status: 'invalid',
        git,
        errors: problems.map((p) => ({ file: p.file, path: p.path, message: p.message })),
      };
      if (!dryRun) clearWithFailure(outDir, manifest);
      if (!dryRun) rmSync(mapsDir, { recursive: true, force: true });
      const lines = problems.length > 0 ? problems.map(formatProblem) : [`${variantFile(id)}: invalid (chatgen validate ${id} says why)`];
      return finish({ id, status: 'invalid', errors: lines, rawBytes: 0, gzipBytes: 0, flagsOn: 0, flagsOff: 0 });
    }

    const variant = record.variants[id]!;
    const flagValues = variant.flags;
    const flags = Object.fromEntries(flagValues.map((f) => [f.name, f.value]));
    const on = flagValues.filter((f) => f.value).map((f) => f.name);
    const hash = configHash(variant.config);
    const ownParts = variantInputs(id, sources, generated);
    const key = cacheKey({ configHash: hash, sharedSourceHash: shared, variantSourceHash: inputsDigest(ownParts), base });
    const inputs: Inputs = { ...sharedParts, ...ownParts, config: hash, base };
    const identity = identityOf(variant.config, hash);
    const result = { id, flagsOn: on.length, flagsOff: flagValues.length - on.length, cacheKey: key };
    const outShown = displayPath(project.root, outDir);
    const manifestFor = (entry: cache.CacheEntry): SuccessManifest => {
      const bundle = entry.bundle as Pick<SuccessManifest, 'routes' | 'routeScripts' | 'onDemand'> & { flagsRead: string[] };
      return {
        status: 'ok',
        ...identity,
        base,
        sourceHash: `sha256:${shared}`,
        cacheKey: key,
        git,
        tools,
        flags: Object.fromEntries(bundle.flagsRead.map((name) => [name, flags[name] === true])),
        sizes: entry.sizes,
        routes: bundle.routes,
        routeScripts: bundle.routeScripts,
        onDemand: bundle.onDemand,
        files: entry.files,
      };
    };
    const served = (entry: cache.CacheEntry, status: 'cached' | 'up-to-date'): VariantBuildResult =>
      finish({ ...result, ...loginJs(entry), status, errors: [], rawBytes: entry.sizes.raw, gzipBytes: entry.sizes.gzip });

    const entry = useCache && !options.sourcemap ? cache.lookup(project.root, id, key) : undefined;
    if (dryRun) {
      const changed = entry && existsSync(outDir) ? differences(outDir, entry.files, [MANIFEST_FILE]) : undefined;
      if (entry && changed?.length === 0) return served(entry, 'up-to-date');
      if (entry) {
        const why = changed ? `${describeDifference(`${outShown}/`, changed[0]!)}${more(changed)}` : `${outShown}/ missing`;
        return finish({ ...result, ...loginJs(entry), status: 'would-restore', errors: [], rawBytes: entry.sizes.raw, gzipBytes: entry.sizes.gzip, reasons: [why] });
      }
      return finish({ ...result, status: 'would-build', errors: [], rawBytes: 0, gzipBytes: 0, reasons: whyBuild(id, outDir, key, inputs) });
    }
    if (entry) {
      // Up to date only when every file of <out>/<ID>/ is the entry's, byte for byte; else restored and checked.
      const changed = existsSync(outDir) ? differences(outDir, entry.files, [MANIFEST_FILE]) : undefined;
      if (changed?.length === 0) {
        writeManifest(outDir, manifestFor(entry)); // the bundle is unchanged; the commit may not be
        return served(entry, 'up-to-date');
      }
      if (changed && readManifest(outDir)?.status === 'ok') {
        log.warn(`${id}: ${describeDifference(`${outShown}/`, changed[0]!)}${more(changed)}: restoring the build from the cache`);
      }
      const staging = resolve(outRoot, `.${id}.staging-${process.pid}`);
      rmSync(staging, { recursive: true, force: true });
      const damaged = cache.restore(project.root, id, entry, staging);
      if (damaged.length === 0) {
        writeManifest(staging, manifestFor(entry));
        replaceDir(outDir, staging);
        return served(entry, 'cached');
      }
      log.warn(`${id}: ${describeDifference('cached ', damaged[0]!)}${more(damaged)}: cache entry dropped, bundling again`);
    }

    const staging = resolve(outRoot, `.${id}.staging-${process.pid}`);
    rmSync(staging, { recursive: true, force: true });
    try {
      const built = await threads().build({ root: project.root, id, outDir: staging, flags, base, sourcemap: options.sourcemap ?? false });
      if (options.sourcemap) moveSourceMaps(staging, mapsDir);
      const files = measureFiles(staging);
      const sizes = total(files.values());
      const fresh: cache.CacheEntry = {
        key,
        buildMs: Math.round(performance.now() - t0),
        sizes,
        files: Object.fromEntries([...files].sort(([a], [b]) => (a < b ? -1 : 1))),
        bundle: { ...routeSizes(built.manifest, files), flagsRead: built.flagsRead },
        inputs,
      };
      cache.store(project.root, id, fresh, staging); // also with the cache off: the fresh bundle replaces the entry
      writeManifest(staging, manifestFor(fresh));
      replaceDir(outDir, staging);
      return finish({ ...result, ...loginJs(fresh), status: 'built', errors: [], rawBytes: sizes.raw, gzipBytes: sizes.gzip });
    } catch (cause) {
      rmSync(staging, { recursive: true, force: true });
      rmSync(mapsDir, { recursive: true, force: true });
      const errors: BundlerError[] =
        cause instanceof BundlerFailure ? cause.errors : describeBundlerErrors(cause, project.root, variantSourceDir(project.root, id));
      clearWithFailure(outDir, { ...identity, status: 'failed', git, errors });
      const lines = errors.map(formatBundlerError);
      return finish({ ...result, status: 'failed', errors: lines, rawBytes: 0, gzipBytes: 0 });
    }
  };

  /** Why a variant needs bundling: what changed since the build in its output directory (--dry-run). */
  const whyBuild = (id: string, outDir: string, key: string, inputs: Inputs): string[] => {
    if (!useCache) return ['--no-cache'];
    if (options.sourcemap) return ['--sourcemap (maps come from bundling)'];
    const last = readManifest(outDir);
    if (!last) return [`not built in ${displayPath(project.root, outRoot) || '.'}/ yet, and not in the cache`];
    if (last.status !== 'ok') return [`the last build ${last.status === 'invalid' ? 'was refused (invalid config)' : 'failed'}`];
    if (last.cacheKey === key) return ['its cache entry is gone'];
    const before = cache.lookup(project.root, id, last.cacheKey)?.inputs;
    if (before) return changedInputs(before, inputs);
    // The last build's entry was pruned (or written by an earlier chatgen): what its manifest says.
    const coarse: string[] = [];
    if (last.configHash !== `sha256:${inputs.config}`) coarse.push('resolved config changed');
    if (last.sourceHash !== `sha256:${shared}`) coarse.push('shared sources changed (src/, generated/, the lock file or chatgen)');
    if (last.base !== base) coarse.push(`base changed (${last.base} → ${base})`);
    return coarse.length > 0 ? coarse : ['generated files of the variant changed'];
  };

  const results = await pool(ids, jobs, buildOne);
  if (!dryRun) {
    sources.save();
    writeRunManifest(outRoot, { git, tools, base }, results.map((r) => r.id));
  }
  const skipped = [...invalid].filter((id) => !ids.includes(id)).sort();
  return {
    ok: results.every((r) => r.ok),
    results,
    totalMs: Math.round(performance.now() - started),
    generateMs,
    typecheck: typecheck.status,
    typecheckMs,
    skipped,
  };
}

export { MANIFEST_FILE };
