// The flag-coverage report on a fixture tree: what counts as reading a flag, and when `chatgen flags --check` fails.
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { flagCoverage, readFlagTable, staleEntries, uncoveredFlags } from '../src/coverage/flag-coverage.ts';
import { cleanupCopies, copyFixture, runCli } from './helpers.ts';

afterAll(cleanupCopies);

describe('flag coverage', () => {
  it('finds imported flags used in code, reads by name and data-flag markers; ignores types, tests and the import itself', () => {
    const root = copyFixture();
    mkdirSync(join(root, 'src/features/sticker'), { recursive: true });
    writeFileSync(
      join(root, 'src/features/sticker/Picker.tsx'),
      [
        "import { IS_ALLOW_STICKER as sticker } from '@variant/flags';",
        "import type { Flags } from '@generated/flags/types';",
        "type Pick1 = Pick<Flags, 'IS_SHOW_GRID_MODE'>;",
        'export const Picker = () => (sticker ? <div data-flag="IS_ALLOW_STICKER" /> : null);',
      ].join('\n'),
    );
    writeFileSync(join(root, 'src/features/sticker/Picker.test.tsx'), "import { IS_SHOW_GRID_MODE } from '@variant/flags';\nexport const x = IS_SHOW_GRID_MODE;\n");
    const report = flagCoverage(root);
    const sticker = report.find((f) => f.name === 'IS_ALLOW_STICKER')!;
    expect(sticker).toMatchObject({ differs: true, on: ['CSD'], off: ['HOSPITAL', 'HOSPITAL_UAT'] });
    expect(sticker.readers).toEqual([{ file: 'src/features/sticker/Picker.tsx', line: 4 }]);
    expect(sticker.markers).toEqual([{ file: 'src/features/sticker/Picker.tsx', line: 4 }]);
    const qr = report.find((f) => f.name === 'IS_ALLOW_QR_LOGIN')!;
    expect(qr.readers.map((r) => r.file)).toEqual(['src/app/start.tsx']);
    // Same value everywhere and read by no code (a test reading it does not count): still unaccounted for.
    expect(report.find((f) => f.name === 'IS_SHOW_GRID_MODE')).toMatchObject({ differs: false, readers: [] });
    expect(uncoveredFlags(report).map((f) => f.name)).toEqual(['IS_SHOW_GRID_MODE']);
  });

  it('fails --check on any flag no code reads, differing or not, until docs/variants.md accounts for it, and on a stale entry', () => {
    const root = copyFixture();
    // The same value everywhere: read by no code, it fails too.
    let result = runCli(['flags', '--check', '--all', '--root', root]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('read by no code and not in docs/variants.md: IS_ALLOW_STICKER, IS_SHOW_GRID_MODE');
    expect(result.stdout).toContain('IS_SHOW_GRID_MODE  (off everywhere)\n  READ BY NO CODE');

    writeFileSync(join(root, 'variants/HOSPITAL_UAT.json'), JSON.stringify({ id: 'HOSPITAL_UAT', extends: 'HOSPITAL', title: 'H', version: '1.0.16-rc.1', buildVersion: 19, environment: 'uat', flags: { IS_SHOW_GRID_MODE: true } }));
    result = runCli(['flags', '--check', '--root', root]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('read by no code and not in docs/variants.md: IS_ALLOW_STICKER, IS_SHOW_GRID_MODE');
    expect(result.stdout).toContain('IS_SHOW_GRID_MODE  (on in HOSPITAL_UAT)\n  READ BY NO CODE');

    mkdirSync(join(root, 'docs'));
    writeFileSync(join(root, 'docs/variants.md'), '# Variants\n\n## Flags without behaviour\n\n| flag | why |\n|---|---|\n| `IS_SHOW_GRID_MODE` | the seed gives it none |\n| `IS_ALLOW_STICKER` | no picker here |\n');
    result = runCli(['flags', '--check', '--root', root]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('decided without behaviour (docs/variants.md): the seed gives it none');

    appendFileSync(join(root, 'docs/variants.md'), '\n## Flags whose feature is not built yet\n\n| `IS_ALLOW_QR_LOGIN` | the QR code |\n');
    result = runCli(['flags', '--check', '--json', '--root', root]);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ uncovered: [], stale: ['IS_ALLOW_QR_LOGIN'] });
    expect(result.stderr).toContain('read by code now: IS_ALLOW_QR_LOGIN');
  });

  it('reads only the rows of its own table', () => {
    const md = '## Flags without behaviour\n| `IS_A` | a |\n| `IS_B` |  |\n## Other\n| `IS_C` | c |\n';
    expect([...readFlagTable(md, '## Flags without behaviour')]).toEqual([['IS_A', 'a']]);
    expect(staleEntries([])).toEqual([]);
  });
});
