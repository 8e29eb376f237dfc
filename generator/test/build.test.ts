import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../src/build/fingerprint.ts';
import { rewriteFlagImports } from '../src/build/inline-flags.ts';
import { loadProject } from '../src/load/project.ts';
import { resolveVariant } from '../src/resolve/variant.ts';
import { listFiles } from '../src/util/fs.ts';
import { stableStringify } from '../src/util/json.ts';
import { addBrokenVariants, type CliResult, cleanupCopies, cloneBuilt, copyFixture, freshCache, runCli } from './helpers.ts';

afterAll(cleanupCopies);

function bundleText(dir: string): string {
  return listFiles(dir)
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .join('\n');
}

interface Manifest {
  status: string;
  id: string;
  version: string;
  buildVersion: number;
  environment: string;
  configHash: string;
  cacheKey: string;
  git: { commit: string | null; dirty: boolean };
  flags: Record<string, boolean>;
  routes: Record<string, { raw: number; gzip: number; files: number }>;
  routeScripts: Record<string, { raw: number; gzip: number; files: number }>;
  onDemand: Record<string, { raw: number; gzip: number; files: number }>;
  files: Record<string, { raw: number; gzip: number }>;
  errors?: Array<{ file: string; line: number; column: number; message: string }>;
}

const manifestOf = (dir: string): Manifest => JSON.parse(readFileSync(join(dir, 'build-info.json'), 'utf8')) as Manifest;

/** Status column of each variant in the build table. */
function statuses(stdout: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const match of stdout.matchAll(/^([A-Z][A-Z0-9_]*)\s{2,}(built|from cache|up to date|FAILED|INVALID)\s/gm)) out[match[1]!] = match[2]!;
  return out;
}

/**
 * One build of the pristine fixture (every variant, a fresh cache) that the tests read, or start from with a copy
 * of its output and cache (cloneBuilt): bundling is what these tests spend their time on.
 */
let pristine: { root: string; out: string; env: { CHATGEN_CACHE_DIR: string }; result: CliResult };

beforeAll(() => {
  const root = copyFixture();
  const env = freshCache();
  pristine = { root, out: join(root, 'out'), env, result: runCli(['build', 'CSD', 'HOSPITAL', 'HOSPITAL_UAT', '--out', 'out', '--root', root], env) };
}, 300_000);

/** A copy of the pristine build (its root, output and cache), for a test that changes things. */
function fromPristine(): { root: string; out: string; env: { CHATGEN_CACHE_DIR: string } } {
  const copy = cloneBuilt(pristine.root, pristine.env);
  return { ...copy, out: join(copy.root, 'out') };
}

describe('chatgen build', () => {
  it('leaves the flag-gated feature out of the variant that switches it off', () => {
    const { result, out } = pristine;
    expect(result.stderr).not.toContain('failed');
    expect(result.code).toBe(0);
    // The /login JavaScript per variant: the route's budget (issue 10).
    expect(result.stdout).toMatch(/^VARIANT\s+STATUS\s+RAW\s+GZIP\s+\/LOGIN JS GZIP\s+TIME\s+FLAGS ON\/OFF$/m);
    expect(result.stdout).toMatch(/^CSD\s+built\s+[\d.]+ KiB\s+[\d.]+ KiB\s+[\d.]+ KiB\s+[\d.]+ s\s+1\/2$/m);
    expect(result.stdout).toMatch(/^HOSPITAL\s+built\s+[\d.]+ KiB\s+[\d.]+ KiB\s+[\d.]+ KiB\s+[\d.]+ s\s+1\/2$/m);
    // Progress n/N on the log as each variant finishes.
    expect(result.stderr).toMatch(/^\[[123]\/3\] CSD: built in [\d.]+ s$/m);
    expect(result.stderr).toMatch(/^\[[123]\/3\] HOSPITAL: built in [\d.]+ s$/m);

    const csd = bundleText(join(out, 'CSD'));
    const hospital = bundleText(join(out, 'HOSPITAL'));
    expect(csd).toContain('CSD Chat');
    expect(hospital).toContain('Hospital Chat');
    for (const marker of ['FIXTURE_MARKER_QR_LOGIN', 'FIXTURE_MARKER_QR_HINT']) {
      expect(hospital).toContain(marker);
      expect(csd).not.toContain(marker);
    }
    // Asset URLs from the served path ('/' by default), so index.html served for /deeplink/<action> finds them.
    const html = readFileSync(join(out, 'CSD/index.html'), 'utf8');
    expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/[^"]+\.js">/);
    expect(html).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/[^"]+\.css">/);
    // The variant's favicon, a file of its own.
    const icon = /<link rel="icon" type="image\/svg\+xml" href="(\/assets\/favicon-[^"]+\.svg)"/.exec(html)?.[1];
    expect(icon).toBeDefined();
    expect(readFileSync(join(out, 'CSD', icon!), 'utf8')).toContain('<svg');
    // Nothing of the build's bookkeeping is left next to the bundles.
    expect(listFiles(out).filter((f) => /staging|\.old-|\.vite\//.test(f))).toEqual([]);
  });

  it('builds for a sub-path with --base (its own cache entry), and refuses a base that is not an absolute path', () => {
    const { root, out, env } = fromPristine();
    const result = runCli(['build', 'CSD', '--out', out, '--root', root, '--base', '/webchat/'], env);
    expect(result.code).toBe(0);
    expect(statuses(result.stdout)).toEqual({ CSD: 'built' });
    const html = readFileSync(join(out, 'CSD/index.html'), 'utf8');
    expect(html).toMatch(/src="\/webchat\/assets\/[^"]+\.js"/);
    expect(html).toMatch(/href="\/webchat\/assets\/favicon-[^"]+\.svg"/);
    // The default base is another bundle, not the cached sub-path one.
    const back = runCli(['build', 'CSD', '--out', out, '--root', root], env);
    expect(back.code).toBe(0);
    expect(statuses(back.stdout)).toEqual({ CSD: 'from cache' });
    expect(readFileSync(join(out, 'CSD/index.html'), 'utf8')).toMatch(/src="\/assets\//);
    for (const bad of ['./', 'webchat/', '/webchat', 'https://cdn.example/']) {
      const refused = runCli(['build', 'CSD', '--out', out, '--root', root, '--base', bad], env);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('--base must be a URL path');
    }
  }, 180_000);

  it('writes build-info.json: identity, resolved-config hash, commit, flags on/off and sizes per route', () => {
    const { root, out } = pristine;
    expect(pristine.result.code).toBe(0);
    const project = loadProject(root);
    for (const id of ['HOSPITAL_UAT', 'CSD']) {
      const manifest = manifestOf(join(out, id));
      const config = resolveVariant(project, id).config;
      expect(manifest).toMatchObject({
        status: 'ok',
        id,
        version: config.version,
        buildVersion: config.buildVersion,
        environment: config.environment,
        configHash: `sha256:${sha256(stableStringify(config))}`,
        git: { commit: null, dirty: false }, // the fixture copy is not a git work tree
      });
      // Every file of the output is listed with its size (the manifest itself aside).
      const files = listFiles(join(out, id)).filter((f) => f !== 'build-info.json');
      expect(Object.keys(manifest.files).sort()).toEqual(files.sort());
      for (const f of files) expect(manifest.files[f]!.raw).toBe(statSync(join(out, id, f)).size);
      expect(Object.keys(manifest.routes)).toEqual(['/', '/login', '/chatroom']);
      for (const route of Object.values(manifest.routes)) {
        expect(route.raw).toBeGreaterThan(100_000); // React and the entry at least
        expect(route.gzip).toBeLessThan(route.raw);
      }
      // The JavaScript alone of each route: only .js files, fewer bytes than the route with its HTML and CSS.
      expect(Object.keys(manifest.routeScripts)).toEqual(['/', '/login', '/chatroom']);
      const login = manifest.routeScripts['/login']!;
      expect(login.gzip).toBeGreaterThan(30_000); // React at least
      expect(login.files).toBeLessThan(manifest.routes['/login']!.files); // no index.html, no CSS
      expect(login.raw).toBeLessThan(manifest.routes['/login']!.raw);
    }
    const uat = manifestOf(join(out, 'HOSPITAL_UAT'));
    expect(uat).toMatchObject({ version: '1.0.16-rc.1', buildVersion: 19, environment: 'uat' });
    // The flags the bundle's code reads (the fixture's start.tsx reads one), not the whole catalogue.
    expect(uat.flags).toEqual({ IS_ALLOW_QR_LOGIN: true });
    // QR login is an on-demand chunk where it is on, and absent where it is off.
    expect(Object.keys(uat.onDemand)).toEqual(['src/features/feature-preview/index.ts']);
    expect(manifestOf(join(out, 'CSD')).onDemand).toEqual({});
    expect(manifestOf(join(out, 'CSD')).flags).toEqual({ IS_ALLOW_QR_LOGIN: false });
  }, 180_000);

  it("prints the bundler's error with file:line:column, clears the variant's output and still builds the others", () => {
    const root = copyFixture();
    const out = join(root, 'out');
    const cache = freshCache();
    expect(runCli(['build', 'HOSPITAL', '--out', out, '--root', root], cache).code).toBe(0);
    expect(existsSync(join(out, 'HOSPITAL/index.html'))).toBe(true);
    // Only HOSPITAL (QR login on) reaches the broken module; CSD must still be built.
    const hint = join(root, 'src/features/feature-preview/QrCodeHint.tsx');
    writeFileSync(hint, `import './does-not-exist.ts';\n${readFileSync(hint, 'utf8')}`);
    const result = runCli(['build', 'HOSPITAL', 'CSD', '--out', out, '--root', root], cache);
    expect(result.code).toBe(1);
    const error = "src/features/feature-preview/QrCodeHint.tsx:1:8: Could not resolve './does-not-exist.ts' [UNRESOLVED_IMPORT]";
    const progress = result.stderr.split('\n').filter((l) => l.includes('HOSPITAL: build failed'));
    expect(progress).toHaveLength(1);
    expect(progress[0]).toMatch(/^\[[12]\/2\] HOSPITAL: build failed: /);
    expect(progress[0]!.replace(/^\[[12]\/2\] HOSPITAL: build failed: /, '')).toBe(error);
    expect(result.stdout).toMatch(/^HOSPITAL\s+FAILED/m);
    expect(result.stdout).toMatch(/^CSD\s+built\s+[\d.]+ KiB/m);
    expect(result.stdout).toContain('2 variant(s): 1 built, 0 reused from the cache, 1 failed');
    // The earlier HOSPITAL build is gone: nothing stale can be served or shipped; the manifest says why.
    expect(listFiles(join(out, 'HOSPITAL'))).toEqual(['build-info.json']);
    expect(manifestOf(join(out, 'HOSPITAL'))).toMatchObject({
      status: 'failed',
      id: 'HOSPITAL',
      errors: [{ file: 'src/features/feature-preview/QrCodeHint.tsx', line: 1, column: 8, message: "Could not resolve './does-not-exist.ts'" }],
    });

    writeFileSync(join(root, 'src/features/feature-preview/QrLoginPreview.tsx'), 'export function QrLoginPreview() {\n  return <div>{;\n}\n');
    const syntax = runCli(['build', 'HOSPITAL', '--out', out, '--root', root, '--quiet'], cache);
    expect(syntax.code).toBe(1);
    expect(syntax.stderr.trim()).toMatch(/^\[1\/1\] HOSPITAL: build failed: src\/features\/feature-preview\/(QrLoginPreview|QrCodeHint)\.tsx:\d+:\d+: \S.*$/);
  }, 180_000);

  it('reuses unchanged builds: a second build is all up to date and says so; one changed variant is the only one bundled', () => {
    expect(statuses(pristine.result.stdout)).toEqual({ CSD: 'built', HOSPITAL: 'built', HOSPITAL_UAT: 'built' });
    const { root, out, env: cache } = fromPristine();
    const csdInfo = readFileSync(join(out, 'CSD/build-info.json'), 'utf8');

    const second = runCli(['build', '--all', '--out', out, '--root', root], cache);
    expect(second.code).toBe(0);
    expect(statuses(second.stdout)).toEqual({ CSD: 'up to date', HOSPITAL: 'up to date', HOSPITAL_UAT: 'up to date' });
    expect(second.stdout).toContain('3 variant(s): 0 built, 3 reused from the cache, 0 failed');
    expect(second.stderr).toContain('nothing changed since the last build: every variant came from the cache');
    expect(readFileSync(join(out, 'CSD/build-info.json'), 'utf8')).toBe(csdInfo);

    // One variant's config changes: only it is bundled again.
    const uatFile = join(root, 'variants/HOSPITAL_UAT.json');
    const uatText = readFileSync(uatFile, 'utf8');
    writeFileSync(uatFile, uatText.replace('"Hospital Chat (UAT)"', '"Hospital Chat (UAT 2)"'));
    const third = runCli(['build', '--all', '--out', out, '--root', root], cache);
    expect(statuses(third.stdout)).toEqual({ CSD: 'up to date', HOSPITAL: 'up to date', HOSPITAL_UAT: 'built' });
    expect(readFileSync(join(out, 'HOSPITAL_UAT/index.html'), 'utf8')).toContain('Hospital Chat (UAT 2)');

    // A parent's change reaches its children; an unrelated variant stays.
    const hospitalFile = join(root, 'variants/HOSPITAL.json');
    writeFileSync(hospitalFile, readFileSync(hospitalFile, 'utf8').replace('"#00695C"', '"#00695D"'));
    const fourth = runCli(['build', '--all', '--out', out, '--root', root], cache);
    expect(statuses(fourth.stdout)).toEqual({ CSD: 'up to date', HOSPITAL: 'built', HOSPITAL_UAT: 'built' });

    // A shared source's code changes (a comment alone would not): every variant is bundled again.
    const start = join(root, 'src/app/start.tsx');
    writeFileSync(start, `${readFileSync(start, 'utf8')}\nexport const touched = 1;\n`);
    const fifth = runCli(['build', '--all', '--out', out, '--root', root], cache);
    expect(statuses(fifth.stdout)).toEqual({ CSD: 'built', HOSPITAL: 'built', HOSPITAL_UAT: 'built' });

    // Back to an earlier state: restored from the cache, not bundled, byte for byte what was built then.
    writeFileSync(start, readFileSync(start, 'utf8').replace('\nexport const touched = 1;\n', ''));
    writeFileSync(uatFile, uatText);
    rmSync(out, { recursive: true });
    const sixth = runCli(['build', 'CSD', 'HOSPITAL_UAT', '--out', out, '--root', root], cache);
    expect(statuses(sixth.stdout)).toEqual({ CSD: 'from cache', HOSPITAL_UAT: 'built' }); // HOSPITAL_UAT under HOSPITAL's new colour is new
    expect(readFileSync(join(out, 'CSD/index.html'), 'utf8')).toContain('<title>CSD Chat</title>');
    expect(readFileSync(join(out, 'CSD/build-info.json'), 'utf8')).toBe(csdInfo);
    // --no-cache bundles again.
    const forced = runCli(['build', 'CSD', '--no-cache', '--out', out, '--root', root], cache);
    expect(statuses(forced.stdout)).toEqual({ CSD: 'built' });
  }, 300_000);

  it('--dry-run says what would be bundled, restored or kept and why, and writes nothing', () => {
    const { root, out, env } = fromPristine();
    const dryRun = (...extra: string[]) => runCli(['build', '--all', '--dry-run', '--out', out, '--root', root, ...extra], env);
    const tree = (): Map<string, string> => new Map(['generated', 'out'].flatMap((d) => listFiles(join(root, d)).map((f) => [`${d}/${f}`, readFileSync(join(root, d, f), 'latin1')] as const)));

    const same = dryRun();
    expect(same.code).toBe(0);
    expect(same.stdout.split('\n')).toEqual([
      'CSD: up to date',
      'HOSPITAL: up to date',
      'HOSPITAL_UAT: up to date',
      'dry run: 3 variant(s): 0 would be built, 0 restored from the cache, 3 up to date, 0 invalid; nothing was built or written',
      '',
    ]);

    // A config change, a missing output, a shared module's code: each named, nothing bundled or written.
    const uat = join(root, 'variants/HOSPITAL_UAT.json');
    writeFileSync(uat, readFileSync(uat, 'utf8').replace('"Hospital Chat (UAT)"', '"Hospital Chat (UAT 2)"'));
    rmSync(join(out, 'CSD'), { recursive: true });
    const before = tree();
    const changed = dryRun();
    expect(changed.code).toBe(0);
    expect(changed.stdout).toContain('CSD: would be restored from the cache: out/CSD/ missing\n');
    expect(changed.stdout).toContain('HOSPITAL: up to date\n');
    expect(changed.stdout).toMatch(/^HOSPITAL_UAT: would be built: resolved config changed, (generated\/variants\/HOSPITAL_UAT\/[\w.]+ changed, )*generated\/variants\/HOSPITAL_UAT\/config\.ts changed/m);
    expect(changed.stdout).toContain('dry run: 3 variant(s): 1 would be built, 1 restored from the cache, 1 up to date, 0 invalid');
    expect(changed.stderr).not.toMatch(/\] \w+: (built|up to date|from cache)/); // no build progress
    expect(tree()).toEqual(before);

    const start = join(root, 'src/app/start.tsx');
    writeFileSync(start, `${readFileSync(start, 'utf8')}\nexport const touched = 1;\n`);
    expect(dryRun().stdout).toContain('HOSPITAL: would be built: src/app/start.tsx changed\n');
    expect(dryRun('--no-cache').stdout).toContain('HOSPITAL: would be built: --no-cache\n');

    addBrokenVariants(root, 'COLUMNS');
    const invalid = runCli(['build', 'COLUMNS', '--dry-run', '--out', out, '--root', root], env);
    expect(invalid.code).toBe(1);
    expect(invalid.stdout).toContain('COLUMNS: INVALID: variants/COLUMNS.json:1:61: /layout/columns: left + main + right must be 12 (4 + 8 + 2 = 14)\n');
    expect(existsSync(join(out, 'COLUMNS'))).toBe(false);
    expect(runCli(['build', '--dry-run', '--out', out, '--root', root], env).code).toBe(2); // no ids, no --all
  }, 300_000);

  it('--sourcemap writes maps beside the served files, named by none of them; the served files stay the same', () => {
    const { root, out, env } = fromPristine();
    const info = readFileSync(join(out, 'CSD/build-info.json'), 'utf8');
    const result = runCli(['build', 'CSD', '--sourcemap', '--out', out, '--root', root], env);
    expect(result.code).toBe(0);
    expect(statuses(result.stdout)).toEqual({ CSD: 'built' }); // maps come from bundling
    const maps = listFiles(join(out, 'CSD-sourcemaps'));
    const served = listFiles(join(out, 'CSD'));
    expect(maps.length).toBeGreaterThan(0);
    expect(maps.filter((f) => !f.endsWith('.js.map'))).toEqual([]);
    // Each map is beside the path of the file it maps, and that file is served; no served file is a map or names one.
    for (const map of maps) expect(served).toContain(map.slice(0, -'.map'.length));
    expect(served.filter((f) => f.endsWith('.map'))).toEqual([]);
    expect(bundleText(join(out, 'CSD'))).not.toContain('sourceMappingURL');
    const entry = JSON.parse(readFileSync(join(out, 'CSD-sourcemaps', maps[0]!), 'utf8')) as { version: number; sources: string[] };
    expect(entry.version).toBe(3);
    expect(entry.sources.some((s) => s.includes('src/app/start.tsx'))).toBe(true);
    expect(readFileSync(join(out, 'CSD/build-info.json'), 'utf8')).toBe(info);
    expect(runCli(['verify', '--all', '--out', out, '--root', root]).code).toBe(0);

    // A build without maps leaves none of an older one behind.
    const plain = runCli(['build', 'CSD', '--out', out, '--root', root], env);
    expect(statuses(plain.stdout)).toEqual({ CSD: 'up to date' });
    expect(existsSync(join(out, 'CSD-sourcemaps'))).toBe(false);
  }, 300_000);

  it('builds CSD while an unrelated variant is invalid; --all reports the invalid one and builds the rest', () => {
    const root = copyFixture();
    const out = join(root, 'out');
    addBrokenVariants(root, 'COLUMNS', 'BROKEN');
    const cache = freshCache();
    const one = runCli(['build', 'CSD', '--out', out, '--root', root], cache);
    expect(one.code).toBe(0);
    expect(statuses(one.stdout)).toEqual({ CSD: 'built' });
    expect(one.stderr).toContain('BROKEN: skipped, invalid (not asked for; chatgen validate BROKEN says why)');
    expect(one.stderr).toContain('COLUMNS: skipped, invalid (not asked for; chatgen validate COLUMNS says why)');

    const all = runCli(['build', '--all', '--json', '--out', out, '--root', root], cache);
    expect(all.code).toBe(1);
    const report = JSON.parse(all.stdout) as { ok: boolean; results: Array<{ id: string; status: string; errors: string[] }> };
    expect(report.ok).toBe(false);
    expect(Object.fromEntries(report.results.map((r) => [r.id, r.status]))).toEqual({
      BROKEN: 'invalid',
      COLUMNS: 'invalid',
      CSD: 'up-to-date',
      HOSPITAL: 'built',
      HOSPITAL_UAT: 'built',
    });
    expect(report.results.find((r) => r.id === 'COLUMNS')!.errors).toEqual([
      'variants/COLUMNS.json:1:61: /layout/columns: left + main + right must be 12 (4 + 8 + 2 = 14)',
    ]);
    expect(manifestOf(join(out, 'COLUMNS'))).toMatchObject({
      status: 'invalid',
      errors: [{ file: 'variants/COLUMNS.json', path: '/layout/columns', message: 'left + main + right must be 12 (4 + 8 + 2 = 14)' }],
    });
    expect(all.stderr).toContain('COLUMNS: invalid: variants/COLUMNS.json:1:61: /layout/columns: left + main + right must be 12 (4 + 8 + 2 = 14)');
  }, 180_000);
});

describe('flag import inlining', () => {
  const flags = { IS_ALLOW_QR_LOGIN: false, IS_ALLOW_STICKER: true };

  it('turns named flag imports into module-local constants', () => {
    expect(rewriteFlagImports("import { IS_ALLOW_QR_LOGIN } from '@variant/flags';\nif (IS_ALLOW_QR_LOGIN) {}", flags)).toBe(
      'const IS_ALLOW_QR_LOGIN = false;\nif (IS_ALLOW_QR_LOGIN) {}',
    );
    expect(rewriteFlagImports('import { IS_ALLOW_STICKER as sticker, flags } from "@variant/flags.ts";', flags)).toBe(
      'import { flags } from "@variant/flags"; const sticker = true;',
    );
  });

  it('leaves type imports and other modules alone', () => {
    const code = "import type { Flags } from '@variant/flags';\nimport { x } from './other.ts';";
    expect(rewriteFlagImports(code, flags)).toBe(code);
  });
});
