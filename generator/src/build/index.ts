/**
 * `chatgen build`: validate, generate, then build the variants concurrently into `<out>/<ID>/`, reusing a
 * cached bundle when the variant's resolved config and the shared sources are unchanged (build/fingerprint.ts).
 * An invalid variant fails alone: the others still build (an unrelated broken variant never stops `build CSD`).
 */
import { availableParallelism } from 'node:os';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { version as viteVersion } from 'vite';
import { keepFilesOf, renderGenerated, writeGenerated } from '../emit/index.ts';
import { variantFlagValues } from '../emit/flags.ts';
import { ChatgenError } from '../errors.ts';
import { readContract } from '../load/contract.ts';
import { loadProject, type Project } from '../load/project.ts';
import { formatProblem } from '../problems.ts';
import { variantFile } from '../resolve/provenance.ts';
import { resolveVariant } from '../resolve/variant.ts';
import { didYouMean } from '../validate/suggest.ts';
import { validateVariants } from '../validate/variants.ts';
import { CHATGEN_VERSION } from '../version.ts';
import { type BundlerError, describeBundlerErrors, formatBundlerError } from './bundler-errors.ts';
import * as cache from './cache.ts';
import { cacheKey, configHash, sharedSourceHash, variantSourceHash } from './fingerprint.ts';
import { gitState } from './git.ts';
import { clearWithFailure, type FailureManifest, identityOf, isIntact, MANIFEST_FILE, readManifest, type SuccessManifest, writeManifest } from './manifest.ts';
import { routeSizes } from './routes.ts';
import { measureFiles, total } from './sizes.ts';
import { DEFAULT_BASE, variantSourceDir } from './vite-build.ts';
import { BundlerFailure, startBuildPool, type BuildPool } from './worker-pool.ts';

export type BuildStatus = 'built' | 'cached' | 'up-to-date' | 'failed' | 'invalid';

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
}

export interface BuildReport {
  ok: boolean;
  results: VariantBuildResult[];
  totalMs: number;
  generateMs: number;
  /** Variants not asked for that are invalid and were left out of generated/ (`build CSD` still runs). */
  skipped: string[];
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
  if (options.cache === false || ids.some((id) => readManifest(resolve(outRoot, id))?.status !== 'ok')) startThreads();
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
  const contract = readContract(project);
  const report = validateVariants(project, { all: true }, contract);
  const schemaErrors = report.errors.filter((p) => p.file.startsWith('schema/'));
  if (schemaErrors.length > 0) throw new ChatgenError(`cannot build: ${schemaErrors.length} error(s) in schema/`, schemaErrors);
  const invalid = new Set(report.invalid);
  const files = await renderGenerated(project, contract, { report, skip: [...invalid] });
  writeGenerated(project.root, files, keepFilesOf([...invalid]));
  const generateMs = Math.round(performance.now() - started);

  const outRoot = resolve(project.root, options.out ?? 'dist');
  mkdirSync(outRoot, { recursive: true });
  const shared = sharedSourceHash(project.root);
  const git = gitState(project.root);
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

    if (invalid.has(id)) {
      // Its own problems, and those of the variants it extends (they are its problems too).
      const chain = new Set([id]);
      for (let p = project.variants.get(id)?.json.extends; typeof p === 'string' && !chain.has(p); p = project.variants.get(p)?.json.extends) chain.add(p);
      const problems = report.errors.filter((p) => [...chain].some((c) => p.file === variantFile(c)));
      const config = project.variants.get(id)!.json;
      const manifest: FailureManifest = {
        ...identityOf({ ...config, id }, ''),
        status: 'invalid',
        git,
        failedAt: new Date().toISOString(),
        errors: problems.map((p) => ({ file: p.file, path: p.path, message: p.message })),
      };
      clearWithFailure(outDir, manifest);
      const lines = problems.length > 0 ? problems.map(formatProblem) : [`${variantFile(id)}: invalid (chatgen validate ${id} says why)`];
      return finish({ id, status: 'invalid', errors: lines, rawBytes: 0, gzipBytes: 0, flagsOn: 0, flagsOff: 0 });
    }

    const variant = resolveVariant(project, id, contract.defaults);
    const flagValues = variantFlagValues(contract, variant);
    const flags = Object.fromEntries(flagValues.map((f) => [f.name, f.value]));
    const on = flagValues.filter((f) => f.value).map((f) => f.name);
    const off = flagValues.filter((f) => !f.value).map((f) => f.name);
    const hash = configHash(variant.config);
    const own = variantSourceHash(project.root, id);
    const key = cacheKey({ configHash: hash, sharedSourceHash: shared, variantSourceHash: own, base: options.base ?? DEFAULT_BASE });
    const identity = identityOf(variant.config, hash);
    const base = { id, flagsOn: on.length, flagsOff: off.length, cacheKey: key };
    const manifestFor = (entry: cache.CacheEntry, fromCache: boolean): SuccessManifest => ({
      status: 'ok',
      ...identity,
      sourceHash: `sha256:${shared}`,
      cacheKey: key,
      git,
      builtAt: entry.builtAt,
      buildMs: entry.buildMs,
      fromCache,
      chatgen: CHATGEN_VERSION,
      vite: viteVersion,
      flags: { on, off },
      sizes: entry.sizes,
      ...(entry.bundle as Pick<SuccessManifest, 'routes' | 'routeScripts' | 'onDemand' | 'files'>),
    });

    if (useCache) {
      const intact = isIntact(outDir, key);
      const entry = cache.lookup(project.root, id, key);
      if (intact && entry) {
        writeManifest(outDir, manifestFor(entry, true)); // the bundle is unchanged; the commit may not be
        return finish({ ...base, ...loginJs(entry), status: 'up-to-date', errors: [], rawBytes: entry.sizes.raw, gzipBytes: entry.sizes.gzip });
      }
      if (entry) {
        const staging = resolve(outRoot, `.${id}.staging-${process.pid}`);
        rmSync(staging, { recursive: true, force: true });
        cache.restore(project.root, id, key, staging);
        writeManifest(staging, manifestFor(entry, true));
        replaceDir(outDir, staging);
        return finish({ ...base, ...loginJs(entry), status: 'cached', errors: [], rawBytes: entry.sizes.raw, gzipBytes: entry.sizes.gzip });
      }
    }

    const staging = resolve(outRoot, `.${id}.staging-${process.pid}`);
    rmSync(staging, { recursive: true, force: true });
    try {
      const viteManifest = await threads().build({ root: project.root, id, outDir: staging, flags, base: options.base ?? DEFAULT_BASE });
      const fileSizes = measureFiles(staging);
      const sizes = total(fileSizes.values());
      const entry: cache.CacheEntry = {
        key,
        builtAt: new Date().toISOString(),
        buildMs: Math.round(performance.now() - t0),
        sizes,
        bundle: { ...routeSizes(viteManifest, fileSizes), files: Object.fromEntries([...fileSizes].sort(([a], [b]) => (a < b ? -1 : 1))) },
      };
      cache.store(project.root, id, entry, staging); // also with the cache off: the fresh bundle replaces the entry
      writeManifest(staging, manifestFor(entry, false));
      replaceDir(outDir, staging);
      return finish({ ...base, ...loginJs(entry), status: 'built', errors: [], rawBytes: sizes.raw, gzipBytes: sizes.gzip });
    } catch (cause) {
      rmSync(staging, { recursive: true, force: true });
      const errors: BundlerError[] =
        cause instanceof BundlerFailure ? cause.errors : describeBundlerErrors(cause, project.root, variantSourceDir(project.root, id));
      clearWithFailure(outDir, { ...identity, status: 'failed', git, failedAt: new Date().toISOString(), errors });
      const lines = errors.map(formatBundlerError);
      return finish({ ...base, status: 'failed', errors: lines, rawBytes: 0, gzipBytes: 0 });
    }
  };

  const results = await pool(ids, jobs, buildOne);
  const skipped = [...invalid].filter((id) => !ids.includes(id)).sort();
  return { ok: results.every((r) => r.ok), results, totalMs: Math.round(performance.now() - started), generateMs, skipped };
}

export { MANIFEST_FILE };
