// The chatgen CLI against the repository's own schema/ and variants/ (not fixtures).
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadProject, resolveVariant } from '../../generator/src/index.ts';
import { listFiles } from '../../generator/src/util/fs.ts';
import { REPO, runCli } from '../../generator/test/helpers.ts';
import { buildRealTree } from '../support/real-tree-build.ts';

const out = mkdtempSync(join(tmpdir(), 'chatgen-real-'));
/** Every variant's /login JavaScript, gzip bytes: a ceiling that catches the session core or chat code coming back. */
const LOGIN_JS_GZIP_BUDGET = 100_000; // 97.6 KiB: 100 KB whichever way KB is read

/** The /login JavaScript (gzip bytes) of the variants built into `dir` that are over the budget. */
function overLoginBudget(dir: string, ids: string[]): Record<string, number> {
  const over: Record<string, number> = {};
  for (const id of ids) {
    const manifest = JSON.parse(readFileSync(join(dir, id, 'build-info.json'), 'utf8')) as { routeScripts: Record<string, { gzip: number }> };
    const gzip = manifest.routeScripts['/login']!.gzip;
    if (gzip > LOGIN_JS_GZIP_BUDGET) over[id] = gzip;
  }
  return over;
}
afterAll(() => rmSync(out, { recursive: true, force: true }));

function bundleText(dir: string): string {
  return listFiles(dir)
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .join('\n');
}

describe('chatgen on the real tree', () => {
  it('validate --all --strict exits 0 (what CI runs)', () => {
    const result = runCli(['validate', '--all', '--strict']);
    expect(result.stdout).toBe('');
    expect(result.code).toBe(0);
  });

  it('diff HKMA HKMA_UAT shows version, build number and environment, with the file that set each side', () => {
    const result = runCli(['diff', 'HKMA', 'HKMA_UAT', '--exit-code']);
    expect(result.code).toBe(1); // they differ
    const lines = result.stdout.trim().split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'version: "1.0.15" → "1.0.16-rc.1"  (variants/HKMA.json → variants/HKMA_UAT.json)',
        'buildVersion: 18 → 19  (variants/HKMA.json → variants/HKMA_UAT.json)',
        'environment: "production" → "uat"  (variants/HKMA.json → variants/HKMA_UAT.json)',
        'title: "HKMA Chat" → "HKMA Chat (UAT)"  (variants/HKMA.json → variants/HKMA_UAT.json)',
        'flags.IS_ALLOW_CONSOLE_LOGGING: false → true  (schema/flags.json → variants/HKMA_UAT.json)',
      ]),
    );
    const json = JSON.parse(runCli(['diff', 'HKMA', 'HKMA_UAT', '--json']).stdout) as { differences: Array<{ path: string; a: unknown; b: unknown }> };
    expect(json.differences.slice(0, 4).map((d) => [d.path, d.a, d.b])).toEqual([
      ['title', 'HKMA Chat', 'HKMA Chat (UAT)'],
      ['version', '1.0.15', '1.0.16-rc.1'],
      ['buildVersion', 18, 19],
      ['environment', 'production', 'uat'],
    ]);
  });

  it('diff HOSPITAL HOSPITAL_GRID_CHILD shows the frame policy', () => {
    const result = runCli(['diff', 'HOSPITAL', 'HOSPITAL_GRID_CHILD']);
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')).toContain(
      'server.framePolicy: "DENY" → "SAMEORIGIN"  (schema/variant.schema.json → variants/HOSPITAL_GRID_CHILD.json)',
    );
    expect(result.stdout.split('\n')).toContain('layout.columns.main: 8 → 12  (schema/variant.schema.json → variants/HOSPITAL_GRID_CHILD.json)');
  });

  it('show says which file set each value', () => {
    const result = runCli(['show', 'HKMA_UAT']);
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines).toContain('version: "1.0.16-rc.1"  (variants/HKMA_UAT.json)');
    expect(lines).toContain('flags.IS_ALLOW_SSO_LOGIN: true  (variants/HKMA.json)');
    expect(lines).toContain('server.framePolicy: "DENY"  (schema/variant.schema.json)');
  });

  it('generate --check passes (generated/ is committed up to date)', () => {
    const result = runCli(['generate', '--check']);
    expect(result.stdout).toBe('');
    expect(result.code).toBe(0);
  }, 300_000); // rendering all of generated/ when no run of this chatgen has yet (seconds of CPU; minutes on a busy machine)

  it('builds CSD without and a QR-login variant with the QR login module', async () => {
    const project = loadProject(REPO);
    expect(resolveVariant(project, 'CSD').config.flags).toMatchObject({ IS_ALLOW_QR_LOGIN: false });
    const withQr = [...project.variants.keys()]
      .sort()
      .find((id) => (resolveVariant(project, id).config.flags as Record<string, boolean>).IS_ALLOW_QR_LOGIN);
    expect(withQr).toBeDefined();

    const result = await buildRealTree(['CSD', withQr!, '--out', out]);
    expect(result.code).toBe(0);
    // The manifest names the commit the build was made from.
    const head = execFileSync('git', ['-C', REPO, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
    const manifest = JSON.parse(readFileSync(join(out, 'CSD', 'build-info.json'), 'utf8')) as {
      git: { commit: string };
      version: string;
      buildVersion: number;
    };
    expect(manifest).toMatchObject({ git: { commit: head }, version: '1.0.15', buildVersion: 18 });
    // The login page's JavaScript (the build table's /LOGIN JS GZIP): the session core, the signed-in areas' texts
    // and the chat stay out of it (docs/client-ui.md has the steps and what is in it).
    expect(overLoginBudget(out, ['CSD', withQr!])).toEqual({});
    const csd = bundleText(join(out, 'CSD'));
    const qr = bundleText(join(out, withQr!));
    for (const marker of ['CHATGEN_MARKER_QR_LOGIN', 'CHATGEN_MARKER_QR_HINT']) {
      expect(qr).toContain(marker);
      expect(csd).not.toContain(marker);
    }
  }, 900_000);

  it('build --all builds every variant with its own title and theme, and prints the table', async () => {
    const all = join(out, 'all');
    const result = await buildRealTree(['--all', '--out', all]);
    expect(result.code).toBe(0);
    const project = loadProject(REPO);
    const ids = [...project.variants.keys()].sort();
    expect(ids.length).toBeGreaterThanOrEqual(20);
    for (const id of ids) {
      const config = resolveVariant(project, id).config;
      expect(readFileSync(join(all, id, 'index.html'), 'utf8')).toContain(`<title>${config.title}</title>`);
      expect(result.stdout).toMatch(new RegExp(`^\\s*${id}\\s`, 'm'));
    }
    // Every variant's login page within the budget: the ones with more login modes (QR, SSO, the browser check)
    // are the largest, about 2 KiB over CSD (docs/client-ui.md).
    expect(overLoginBudget(all, ids)).toEqual({});
    const css = (id: string) => bundleText(join(all, id));
    expect(css('HOSPITAL')).toMatch(/--cg-size-message-input-text:\s*15px/);
    expect(css('CSD')).toMatch(/--cg-size-message-input-text:\s*20px/);
  }, 900_000);

  it('a 21st customer is one new file under variants/: it validates, generates and builds with no other edit', () => {
    const copy = mkdtempSync(join(tmpdir(), 'chatgen-21st-'));
    try {
      for (const dir of ['schema', 'variants', 'src', 'generated']) cpSync(join(REPO, dir), join(copy, dir), { recursive: true });
      for (const file of ['package.json', 'tsconfig.json']) cpSync(join(REPO, file), join(copy, file));
      symlinkSync(join(REPO, 'node_modules'), join(copy, 'node_modules'), 'dir');
      writeFileSync(
        join(copy, 'variants', 'ACME_HEALTH.json'),
        `${JSON.stringify(
          {
            $schema: '../schema/variant.schema.json',
            id: 'ACME_HEALTH',
            extends: 'HOSPITAL',
            title: 'Acme Health Chat',
            theme: { colors: { accent: '#7B1FA2', accentSoft: '#F3E5F5' } },
            links: { mobileDownload: 'https://acme.example.com/mobile' },
          },
          null,
          2,
        )}\n`,
      );
      expect(runCli(['validate', '--all', '--strict', '--root', copy]).code).toBe(0);
      expect(runCli(['generate', '--root', copy]).code).toBe(0);
      expect(readFileSync(join(copy, 'generated/variants/types.ts'), 'utf8')).toContain('"ACME_HEALTH",');
      const built = runCli(['build', 'ACME_HEALTH', '--root', copy]);
      expect(built.code).toBe(0);
      expect(readFileSync(join(copy, 'dist/ACME_HEALTH/index.html'), 'utf8')).toContain('<title>Acme Health Chat</title>');
      expect(bundleText(join(copy, 'dist/ACME_HEALTH'))).toMatch(/--cg-color-accent:\s*#7b1fa2/i);
      const list = JSON.parse(runCli(['list', '--json', '--root', copy]).stdout) as Array<{ id: string; extends: string }>;
      expect(list).toContainEqual(expect.objectContaining({ id: 'ACME_HEALTH', extends: 'HOSPITAL' }));
      // A production bundle even when the caller's NODE_ENV says otherwise (the test runner sets "test").
      expect(bundleText(join(copy, 'dist/ACME_HEALTH'))).not.toContain('jsxDEV');
      expect(bundleText(join(copy, 'dist/ACME_HEALTH'))).not.toContain(copy);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  }, 300_000);
});
