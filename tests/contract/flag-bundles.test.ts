// A switched-off feature is absent from its variant's bundle: every element a flag adds carries
// `data-flag="<FLAG>"`, and each variant's built JavaScript holds that marker exactly when the variant switches the
// flag on (docs/variants.md, "Flag coverage"). Builds come from chatgen's build cache when nothing changed (or
// another file of the run built them first: tests/support/real-tree-build.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { flagCoverage } from '../../generator/src/coverage/flag-coverage.ts';
import { listFiles } from '../../generator/src/util/fs.ts';
import { REPO } from '../../generator/test/helpers.ts';
import { buildRealTree } from '../support/real-tree-build.ts';

const out = join(REPO, '.tmp', 'flag-bundles');
const report = flagCoverage(REPO);
const marked = report.filter((f) => f.differs && f.markers.length > 0);
const bundles = new Map<string, string>();

/** The minifier may turn the attribute's quotes into backticks: `"data-flag":\`IS_X\``. */
const markerPattern = (flag: string): RegExp => new RegExp(`data-flag["'\`]?\\s*[:=]\\s*["'\`]${flag}["'\`]`);

beforeAll(async () => {
  const result = await buildRealTree(['--all', '--out', out, '--quiet']);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  const ids = [...new Set(report.flatMap((f) => [...f.on, ...f.off]))];
  for (const id of ids) {
    const dir = join(out, id);
    bundles.set(id, listFiles(dir).filter((f) => f.endsWith('.js')).map((f) => readFileSync(join(dir, f), 'utf8')).join('\n'));
  }
}, 900_000);

describe('switched-off features are absent from the bundle', () => {
  it('covers the features the variants differ on', () => {
    expect(marked.map((f) => f.name)).toEqual(expect.arrayContaining(['IS_ALLOW_BROWSER_CHECK', 'IS_ALLOW_DOWNLOAD_ATTACHMENT', 'IS_ALLOW_QR_LOGIN', 'IS_ALLOW_STICKER']));
  });

  it('has each marker in the variants that switch its flag on and in no other', () => {
    const wrong: string[] = [];
    for (const flag of marked) {
      const pattern = markerPattern(flag.name);
      for (const id of flag.on) if (!pattern.test(bundles.get(id)!)) wrong.push(`${flag.name}: missing from ${id}`);
      for (const id of flag.off) if (pattern.test(bundles.get(id)!)) wrong.push(`${flag.name}: shipped in ${id}, which switches it off`);
    }
    expect(wrong).toEqual([]);
  });

  it('leaves the browser check out entirely where it is off (no user-agent sniffing)', () => {
    const check = report.find((f) => f.name === 'IS_ALLOW_BROWSER_CHECK')!;
    const sniffing = (id: string): boolean => bundles.get(id)!.includes('Trident');
    expect(check.on.filter((id) => !sniffing(id))).toEqual([]);
    expect(check.off.filter(sniffing)).toEqual([]);
  });
});
