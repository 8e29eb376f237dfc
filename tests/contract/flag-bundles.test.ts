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
/** build-info.json's `flags` of each variant: the flags its bundle's code reads, with their values. */
const flagsRead = new Map<string, Record<string, boolean>>();

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
    flagsRead.set(id, (JSON.parse(readFileSync(join(dir, 'build-info.json'), 'utf8')) as { flags: Record<string, boolean> }).flags);
  }
}, 1_200_000); // the other file's cold build of every variant may hold the lock first (tests/support/real-tree-build.ts)

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

describe('each bundle knows only itself', () => {
  it('names no flag its code does not read (no table of every flag, no other customer\'s switches)', () => {
    expect(bundles.size).toBe(20);
    const catalogue = report.length;
    const extra: string[] = [];
    for (const [id, text] of bundles) {
      const read = flagsRead.get(id)!;
      expect(Object.keys(read).length, id).toBeGreaterThan(20);
      expect(Object.keys(read).length, id).toBeLessThan(catalogue);
      for (const name of new Set(text.match(/\bIS_(?:ALLOW|SHOW)_[A-Z0-9_]+\b/g) ?? [])) if (!(name in read)) extra.push(`${id}: ${name}`);
    }
    expect(extra).toEqual([]);
  });

  it('leaves out the call of a switched-off feature: the delete-and-export endpoint only where it is on', () => {
    const call = '/chat/sec/room/hospital/deleteandexportroom';
    const wrong: string[] = [];
    for (const [id, text] of bundles) {
      const on = flagsRead.get(id)!.IS_ALLOW_DELETE_AND_EXPORT_ROOM;
      expect(on, `${id} reads IS_ALLOW_DELETE_AND_EXPORT_ROOM`).toBeTypeOf('boolean');
      if (on !== text.includes(call)) wrong.push(`${id}: ${on ? 'missing' : 'shipped though switched off'}`);
    }
    expect(wrong).toEqual([]);
    expect(flagsRead.get('CSD')!.IS_ALLOW_DELETE_AND_EXPORT_ROOM).toBe(false);
    expect(flagsRead.get('HOSPITAL')!.IS_ALLOW_DELETE_AND_EXPORT_ROOM).toBe(true);
  });
});
