// What a release manager signs off: the cache is checked byte for byte on every use, `chatgen verify` compares
// built output with its manifest, and the manifests are byte-identical for the same inputs.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFiles } from '../src/util/fs.ts';
import { cleanupCopies, cloneBuilt, copyFixture, freshCache, REPO, runCli } from './helpers.ts';

afterAll(cleanupCopies);

/** The fixture's three variants built once (a fresh cache); tests start from copies of its root, output and cache. */
let pristine: { root: string; env: { CHATGEN_CACHE_DIR: string } };

beforeAll(() => {
  const root = copyFixture();
  const env = freshCache();
  const result = runCli(['build', '--all', '--out', 'out', '--root', root], env);
  expect(result.stdout).toContain('3 variant(s): 3 built, 0 reused from the cache, 0 failed');
  pristine = { root, env };
}, 300_000);

/** Replaces 8 bytes in the middle of a file: same size, other content (what a size check let through). */
function poison(file: string): void {
  const bytes = readFileSync(file);
  bytes.write('POISONED', Math.floor(bytes.length / 2), 'latin1');
  writeFileSync(file, bytes);
}

const entryScript = (dir: string): string => join(dir, 'assets', readdirSync(join(dir, 'assets')).find((f) => /^index-.*\.js$/.test(f))!);

/** The one cache entry of a variant (the fixture builds it once). */
function cacheEntry(cache: string, id: string): string {
  const dir = join(cache, 'builds', id);
  const keys = readdirSync(dir);
  expect(keys).toHaveLength(1);
  return join(dir, keys[0]!);
}

describe('a verified build cache', () => {
  it('rebuilds a same-size change in dist/, refuses a poisoned cache entry, and --no-cache replaces the entry', () => {
    const { root, env } = cloneBuilt(pristine.root, pristine.env);
    const build = (...extra: string[]) => runCli(['build', 'CSD', '--out', 'out', '--root', root, ...extra], env);
    expect(build().stdout).toMatch(/^CSD\s+up to date\s/m);
    const out = join(root, 'out', 'CSD');
    const script = entryScript(out);
    const good = readFileSync(script);

    // dist/: eight bytes replaced, same size. verify names the file; build restores the good bytes and says why.
    poison(script);
    const verify = runCli(['verify', 'CSD', '--out', 'out', '--root', root]);
    expect(verify.code).toBe(1);
    expect(verify.stdout).toBe(`out/CSD/${script.slice(out.length + 1)}: content differs from its recorded sha256\n`);
    const restored = build();
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(/^CSD\s+from cache\s/m);
    expect(restored.stderr).toContain(`CSD: out/CSD/${script.slice(out.length + 1)}: content differs from its recorded sha256: restoring the build from the cache`);
    expect(readFileSync(script).equals(good)).toBe(true);
    expect(runCli(['verify', '--all', '--out', 'out', '--root', root]).code).toBe(0);

    // The cache entry poisoned and dist/ gone: the entry is refused on restore, and the variant bundled again.
    const entry = cacheEntry(env.CHATGEN_CACHE_DIR, 'CSD');
    poison(entryScript(join(entry, 'files')));
    rmSync(join(root, 'out'), { recursive: true });
    const refused = build();
    expect(refused.code).toBe(0);
    expect(refused.stdout).toMatch(/^CSD\s+built\s/m);
    expect(refused.stderr).toMatch(/CSD: cached assets\/index-[\w-]+\.js: content differs from its recorded sha256: cache entry dropped, bundling again/);
    expect(readFileSync(entryScript(out)).equals(good)).toBe(true);
    expect(readFileSync(entryScript(join(cacheEntry(env.CHATGEN_CACHE_DIR, 'CSD'), 'files'))).equals(good)).toBe(true);

    // dist/ intact, the entry poisoned again: --no-cache bundles and replaces the entry, so the next restore is good.
    poison(entryScript(join(cacheEntry(env.CHATGEN_CACHE_DIR, 'CSD'), 'files')));
    expect(build('--no-cache').stdout).toMatch(/^CSD\s+built\s/m);
    expect(readFileSync(entryScript(join(cacheEntry(env.CHATGEN_CACHE_DIR, 'CSD'), 'files'))).equals(good)).toBe(true);
    rmSync(join(root, 'out'), { recursive: true });
    const again = build();
    expect(again.stdout).toMatch(/^CSD\s+from cache\s/m);
    expect(again.stderr).not.toContain('differs');
  }, 300_000);
});

describe('the type check before bundling', () => {
  it('fails the build like a compiler (file:line:column, exit 1, nothing bundled); remembered once passed; --no-typecheck skips it', () => {
    const root = copyFixture();
    const env = freshCache();
    writeFileSync(
      join(root, 'tsconfig.json'),
      JSON.stringify({
        extends: join(REPO, 'tsconfig.json'),
        compilerOptions: { baseUrl: '.', paths: { '@generated/*': ['generated/*'], '@variant/*': ['generated/variants/CSD/*'], '@src/*': ['src/*'] } },
        include: ['generated', 'src'],
      }),
    );
    const hint = join(root, 'src/features/feature-preview/QrCodeHint.tsx');
    const good = readFileSync(hint, 'utf8');
    writeFileSync(hint, `${good}\nexport const broken: number = 'not a number';\n`);
    const line = good.split('\n').length + 1;
    const build = (...extra: string[]) => runCli(['build', 'CSD', '--out', 'out', '--root', root, ...extra], env);
    const failed = build();
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain(
      `src/features/feature-preview/QrCodeHint.tsx:${line}:14: Type 'string' is not assignable to type 'number'. [TS2322]\n` +
        'chatgen: cannot build: type error in src/features/feature-preview/QrCodeHint.tsx; nothing was bundled\n',
    );
    expect(failed.stdout).toBe('');
    expect(readdirSync(root)).not.toContain('out');

    const skipped = build('--no-typecheck');
    expect(skipped.code).toBe(0);
    expect(skipped.stdout).toContain('type check skipped');

    writeFileSync(hint, good);
    expect(build().stdout).toMatch(/type check [\d.]+ s\)/);
    expect(build().stdout).toContain('type check passed before)');
  }, 600_000);
});

describe('cache keys', () => {
  it('ignore what cannot change a bundle: a comment in src/, a flag description; code still counts', () => {
    const { root, env } = cloneBuilt(pristine.root, pristine.env);
    const build = () => runCli(['build', '--all', '--out', 'out', '--root', root], env);
    const start = join(root, 'src/app/start.tsx');
    const code = readFileSync(start, 'utf8');
    writeFileSync(start, `/** A doc comment. */\n${code.replace('interface AppProps {', 'interface AppProps {\n  // which preview, if any\n')}\n// the end\n`);
    const flags = join(root, 'schema/flags.json');
    writeFileSync(flags, readFileSync(flags, 'utf8').replace('"Offer QR login."', '"Offer the QR code login."'));
    const unchanged = build();
    expect(unchanged.stdout).toContain('3 variant(s): 0 built, 3 reused from the cache, 0 failed');
    expect(readFileSync(join(root, 'generated/flags/types.ts'), 'utf8')).toContain('Offer the QR code login.');

    // A legal comment is copied into the bundle, and code is code.
    writeFileSync(start, `/*! Licensed to CSD. */\n${code}`);
    expect(build().stdout).toContain('3 variant(s): 3 built, 0 reused');
    writeFileSync(start, `/*! Licensed to CSD. */\n${code.replace('Version {config.version}', 'Release {config.version}')}`);
    expect(build().stdout).toContain('3 variant(s): 3 built, 0 reused');
  }, 300_000);
});

describe('chatgen verify', () => {
  it('fails on a changed byte, a file added or removed, a changed build-info.json, or a variant not built', () => {
    const { root } = cloneBuilt(pristine.root, pristine.env);
    rmSync(join(root, 'out/HOSPITAL_UAT'), { recursive: true }); // not built
    const verify = (...args: string[]) => runCli(['verify', ...args, '--out', 'out', '--root', root]);
    const ok = verify('--all');
    expect(ok.code).toBe(0);
    expect(ok.stderr).toBe('2 variant(s) verified: every file matches its build-info.json\n');

    const html = join(root, 'out/CSD/index.html');
    writeFileSync(html, readFileSync(html, 'utf8').replace('<title>CSD Chat', '<title>CSD Chap')); // one byte
    writeFileSync(join(root, 'out/HOSPITAL/extra.js'), 'alert(1)');
    const bad = verify('--all');
    expect(bad.code).toBe(1);
    expect(bad.stdout.split('\n').filter(Boolean)).toEqual([
      'out/CSD/index.html: content differs from its recorded sha256',
      'out/HOSPITAL/extra.js: not part of the build',
    ]);
    expect(verify('CSD').stdout).not.toContain('HOSPITAL');

    // build-info.json itself edited: dist/manifest.json records its hash.
    const info = join(root, 'out/HOSPITAL/build-info.json');
    rmSync(join(root, 'out/HOSPITAL/extra.js'));
    writeFileSync(info, readFileSync(info, 'utf8').replace('"environment": "production"', '"environment": "productio_"'));
    expect(verify('HOSPITAL').stdout).toBe('out/HOSPITAL/build-info.json: content differs from its sha256 in out/manifest.json\n');

    const missing = verify('HOSPITAL_UAT');
    expect(missing.code).toBe(1);
    expect(missing.stdout).toBe('out/HOSPITAL_UAT/build-info.json: missing or unreadable (not built?)\n');
    expect(verify().code).toBe(2); // neither ids nor --all
  }, 300_000);
});

describe('the release manifest', () => {
  it('is byte-identical for the same inputs and counts an untracked file as dirty', () => {
    const { root, env } = cloneBuilt(pristine.root, pristine.env);
    writeFileSync(join(root, '.gitignore'), 'node_modules\nout/\n');
    const git = (...args: string[]) => execFileSync('git', ['-C', root, '-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { encoding: 'utf8' });
    expect(runCli(['generate', '--root', root], env).code).toBe(0); // generated/ is committed, as in the repository
    git('init', '-q');
    git('add', '-A');
    git('commit', '-qm', 'fixture');
    const commit = git('rev-parse', 'HEAD').trim();
    const snapshot = (): Map<string, string> => {
      const files = ['manifest.json', ...['CSD', 'HOSPITAL'].map((id) => `${id}/build-info.json`)];
      return new Map(files.map((f) => [f, readFileSync(join(root, 'out', f), 'utf8')]));
    };
    const build = (...extra: string[]) => runCli(['build', 'CSD', 'HOSPITAL', '--out', 'out', '--root', root, ...extra], env);

    expect(build().code).toBe(0);
    const first = snapshot();
    const info = JSON.parse(first.get('CSD/build-info.json')!) as Record<string, unknown>;
    expect(info).toMatchObject({ id: 'CSD', version: '1.0.15', buildVersion: 18, base: '/', git: { commit, dirty: false } });
    expect(info.tools).toMatchObject({ node: process.version, chatgen: expect.any(String), vite: expect.any(String) });
    expect(info).not.toHaveProperty('builtAt');
    const files = info.files as Record<string, { raw: number; sha256: string }>;
    expect(Object.keys(files)).toEqual(listFiles(join(root, 'out/CSD')).filter((f) => f !== 'build-info.json'));
    for (const record of Object.values(files)) expect(record.sha256).toMatch(/^[0-9a-f]{64}$/);
    const run = JSON.parse(first.get('manifest.json')!) as { variants: Record<string, { buildInfo: string }> };
    expect(Object.keys(run.variants)).toEqual(['CSD', 'HOSPITAL']);

    // Up to date, and bundled again from scratch: the same bytes.
    expect(build().code).toBe(0);
    expect(snapshot()).toEqual(first);
    rmSync(join(root, 'out'), { recursive: true });
    expect(build('--no-cache').code).toBe(0);
    expect(snapshot()).toEqual(first);

    // An untracked file (a locale pulled in by import.meta.glob would be one) makes the work tree dirty.
    writeFileSync(join(root, 'src/app/untracked.ts'), 'export const x = 1;\n');
    expect(build().code).toBe(0);
    expect(JSON.parse(readFileSync(join(root, 'out/CSD/build-info.json'), 'utf8'))).toMatchObject({ git: { commit, dirty: true } });
  }, 300_000);
});
