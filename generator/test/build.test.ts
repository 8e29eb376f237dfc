import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rewriteFlagImports } from '../src/build/inline-flags.ts';
import { listFiles } from '../src/util/fs.ts';
import { cleanupCopies, copyFixture, runCli } from './helpers.ts';

afterAll(cleanupCopies);

function bundleText(dir: string): string {
  return listFiles(dir)
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .join('\n');
}

describe('chatgen build', () => {
  it('leaves the flag-gated feature out of the variant that switches it off', () => {
    const root = copyFixture();
    const out = join(root, 'out');
    const result = runCli(['build', 'CSD', 'HOSPITAL', '--out', out, '--root', root]);
    expect(result.stderr).not.toContain('failed');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^VARIANT\s+RAW\s+GZIP\s+TIME\s+FLAGS ON\/OFF$/m);
    expect(result.stdout).toMatch(/^CSD\s+[\d.]+ KiB\s+[\d.]+ KiB\s+[\d.]+ s\s+1\/2$/m);
    expect(result.stdout).toMatch(/^HOSPITAL\s+[\d.]+ KiB\s+[\d.]+ KiB\s+[\d.]+ s\s+1\/2$/m);

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
    // The variant's favicon, a file of its own in its accent colour.
    const icon = /<link rel="icon" type="image\/svg\+xml" href="(\/assets\/favicon-[^"]+\.svg)"/.exec(html)?.[1];
    expect(icon).toBeDefined();
    expect(readFileSync(join(out, 'CSD', icon!), 'utf8')).toContain('<svg');
  }, 120_000);

  it('builds for a sub-path with --base, and refuses a base that is not an absolute path', () => {
    const root = copyFixture();
    const out = join(root, 'out');
    const result = runCli(['build', 'CSD', '--out', out, '--root', root, '--base', '/webchat/']);
    expect(result.code).toBe(0);
    const html = readFileSync(join(out, 'CSD/index.html'), 'utf8');
    expect(html).toMatch(/src="\/webchat\/assets\/[^"]+\.js"/);
    expect(html).toMatch(/href="\/webchat\/assets\/favicon-[^"]+\.svg"/);
    for (const bad of ['./', 'webchat/', '/webchat', 'https://cdn.example/']) {
      const refused = runCli(['build', 'CSD', '--out', out, '--root', root, '--base', bad]);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('--base must be a URL path');
    }
  }, 120_000);

  it('exits 1 when a build fails and still builds the others', () => {
    const root = copyFixture();
    const out = join(root, 'out');
    // Only HOSPITAL (QR login on) reaches the broken module; CSD must still be built.
    const hint = join(root, 'src/features/feature-preview/QrCodeHint.tsx');
    writeFileSync(hint, `import './does-not-exist.ts';\n${readFileSync(hint, 'utf8')}`);
    const result = runCli(['build', 'HOSPITAL', 'CSD', '--out', out, '--root', root]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('HOSPITAL: build failed:');
    expect(result.stdout).toMatch(/^HOSPITAL\s+FAILED/m);
    expect(result.stdout).toMatch(/^CSD\s+[\d.]+ KiB/m);
    expect(result.stdout).toContain('1 built, 1 failed');
  }, 120_000);
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
