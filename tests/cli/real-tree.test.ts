// The chatgen CLI against the repository's own schema/ and variants/ (not fixtures).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadProject, resolveVariant } from '../../generator/src/index.ts';
import { listFiles } from '../../generator/src/util/fs.ts';
import { REPO, runCli } from '../../generator/test/helpers.ts';

const out = mkdtempSync(join(tmpdir(), 'chatgen-real-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

function bundleText(dir: string): string {
  return listFiles(dir)
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .join('\n');
}

describe('chatgen on the real tree', () => {
  it('validate --all exits 0', () => {
    const result = runCli(['validate', '--all']);
    expect(result.stdout).toBe('');
    expect(result.code).toBe(0);
  });

  it('generate --check passes (generated/ is committed up to date)', () => {
    const result = runCli(['generate', '--check']);
    expect(result.stdout).toBe('');
    expect(result.code).toBe(0);
  });

  it('builds CSD without and a QR-login variant with the QR login module', () => {
    const project = loadProject(REPO);
    expect(resolveVariant(project, 'CSD').config.flags).toMatchObject({ IS_ALLOW_QR_LOGIN: false });
    const withQr = [...project.variants.keys()]
      .sort()
      .find((id) => (resolveVariant(project, id).config.flags as Record<string, boolean>).IS_ALLOW_QR_LOGIN);
    expect(withQr).toBeDefined();

    const result = runCli(['build', 'CSD', withQr!, '--out', out]);
    expect(result.code).toBe(0);
    const csd = bundleText(join(out, 'CSD'));
    const qr = bundleText(join(out, withQr!));
    for (const marker of ['CHATGEN_MARKER_QR_LOGIN', 'CHATGEN_MARKER_QR_HINT']) {
      expect(qr).toContain(marker);
      expect(csd).not.toContain(marker);
    }
  }, 180_000);

  it('build --all builds every variant with its own title and theme, and prints the table', () => {
    const all = join(out, 'all');
    const result = runCli(['build', '--all', '--out', all]);
    expect(result.code).toBe(0);
    const project = loadProject(REPO);
    const ids = [...project.variants.keys()].sort();
    expect(ids).toHaveLength(20);
    for (const id of ids) {
      const config = resolveVariant(project, id).config;
      expect(readFileSync(join(all, id, 'index.html'), 'utf8')).toContain(`<title>${config.title}</title>`);
      expect(result.stdout).toMatch(new RegExp(`^\\s*${id}\\s`, 'm'));
    }
    const css = (id: string) => bundleText(join(all, id));
    expect(css('HOSPITAL')).toMatch(/--cg-size-message-input-text:\s*15px/);
    expect(css('CSD')).toMatch(/--cg-size-message-input-text:\s*20px/);
  }, 600_000);
});
