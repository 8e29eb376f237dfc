// The mistakes a build engineer makes in variants/, tried on a copy of the repository's own schema/ and
// variants/: each one fails `chatgen validate` with exit 1 and exactly one line naming the file, the line:column
// and the JSON path (no JSON path for a syntax error), in words, once, however many variants inherit it.
import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO, runCli, STACK_LINE } from '../../generator/test/helpers.ts';

const root = mkdtempSync(join(tmpdir(), 'chatgen-broken-'));
cpSync(join(REPO, 'schema'), join(root, 'schema'), { recursive: true });
cpSync(join(REPO, 'variants'), join(root, 'variants'), { recursive: true });
symlinkSync(join(REPO, 'node_modules'), join(root, 'node_modules'), 'dir'); // the schema check cache lives there
afterAll(() => rmSync(root, { recursive: true, force: true }));

const ROOT_FIELDS = { title: 'Case', version: '1.0.15', buildVersion: 18, environment: 'production' };

function variant(id: string, body: Record<string, unknown>): void {
  writeFileSync(join(root, 'variants', `${id}.json`), `${JSON.stringify({ $schema: '../schema/variant.schema.json', id, ...body }, null, 2)}\n`);
}

function raw(id: string, text: string | Buffer): void {
  writeFileSync(join(root, 'variants', `${id}.json`), text);
}

interface Case {
  name: string;
  /** Variant ids to validate (the case's files and the variants that inherit the mistake). */
  ids: string[];
  setUp: () => void;
  line: string;
}

const cases: Case[] = [
  {
    name: 'a misspelt flag is missing from the default set, with a suggestion',
    ids: ['CASE_FLAG_TYPO'],
    setUp: () => variant('CASE_FLAG_TYPO', { extends: 'CSD', flags: { IS_ALLOW_QR_LOGN: true } }),
    line: 'variants/CASE_FLAG_TYPO.json:6:25: /flags/IS_ALLOW_QR_LOGN: IS_ALLOW_QR_LOGN is missing from the default set (did you mean IS_ALLOW_QR_LOGIN?)',
  },
  {
    name: 'a flag name that is not IS_ALLOW_/IS_SHOW_',
    ids: ['CASE_FLAG_CASE'],
    setUp: () => variant('CASE_FLAG_CASE', { extends: 'CSD', flags: { is_allow_sticker: false } }),
    line: 'variants/CASE_FLAG_CASE.json:6:25: /flags/is_allow_sticker: is_allow_sticker is not a flag name (flags are IS_ALLOW_... or IS_SHOW_... in capitals) (did you mean IS_ALLOW_STICKER?)',
  },
  {
    name: 'a required field missing after inheritance, reported once at the root that must set it',
    ids: ['CASE_NO_VERSION', 'CASE_NO_VERSION_CHILD', 'CASE_NO_VERSION_GRANDCHILD'],
    setUp: () => {
      const { version: _omitted, ...fields } = ROOT_FIELDS;
      variant('CASE_NO_VERSION', fields);
      variant('CASE_NO_VERSION_CHILD', { extends: 'CASE_NO_VERSION', title: 'Child' });
      variant('CASE_NO_VERSION_GRANDCHILD', { extends: 'CASE_NO_VERSION_CHILD' });
    },
    line: 'variants/CASE_NO_VERSION.json:1:1: /version: is required: a variant without extends must set it (no default)',
  },
  {
    name: "a parent's mistake is reported once, at the parent, not again by each child",
    ids: ['CASE_PARENT', 'CASE_PARENT_A', 'CASE_PARENT_B'],
    setUp: () => {
      variant('CASE_PARENT', { ...ROOT_FIELDS, environment: 'prod' });
      variant('CASE_PARENT_A', { extends: 'CASE_PARENT', title: 'A' });
      variant('CASE_PARENT_B', { extends: 'CASE_PARENT', title: 'B', buildVersion: 19 });
    },
    line: 'variants/CASE_PARENT.json:7:18: /environment: must be one of "production", "uat", "development", "trial", not "prod" (did you mean "production"?)',
  },
  {
    name: 'a flag switched off while flags that need it stay on',
    ids: ['CASE_DEPENDENCY_OFF'],
    setUp: () => variant('CASE_DEPENDENCY_OFF', { extends: 'CSD', flags: { IS_SHOW_PRIVACY_SETTINGS: false } }),
    line:
      'variants/CASE_DEPENDENCY_OFF.json:6:33: /flags/IS_SHOW_PRIVACY_SETTINGS: IS_SHOW_PRIVACY_SETTINGS is off, but ' +
      'IS_ALLOW_PRIVACY_READ_RECEIPT, IS_ALLOW_PRIVACY_VIEW_PRESENCE, IS_ALLOW_PRIVACY_VIEW_PROFILE (on) need it: ' +
      'switch them off too, or keep IS_SHOW_PRIVACY_SETTINGS on',
  },
  {
    name: 'a flag switched on without the flag it needs',
    ids: ['CASE_DEPENDENCY_ON'],
    setUp: () => variant('CASE_DEPENDENCY_ON', { extends: 'CSD', flags: { IS_SHOW_LITE_VERSION: true } }),
    line: 'variants/CASE_DEPENDENCY_ON.json:6:29: /flags/IS_SHOW_LITE_VERSION: IS_SHOW_LITE_VERSION needs IS_ALLOW_WEBVIEW_LOGIN switched on, and it is off',
  },
  {
    name: 'a trailing comma, at line:column',
    ids: ['CASE_TRAILING_COMMA'],
    setUp: () => raw('CASE_TRAILING_COMMA', '{\n  "id": "CASE_TRAILING_COMMA",\n  "extends": "CSD",\n  "flags": { "IS_ALLOW_STICKER": false, }\n}\n'),
    line: 'variants/CASE_TRAILING_COMMA.json:4:39: invalid JSON: trailing comma before } (JSON allows no comma after the last member)',
  },
  {
    name: 'a line break inside a string, at line:column, in one line',
    ids: ['CASE_LINE_BREAK'],
    setUp: () => raw('CASE_LINE_BREAK', '{\n  "id": "CASE_LINE_BREAK",\n  "extends": "CSD",\n  "title": "CSD\nChat"\n}\n'),
    line: 'variants/CASE_LINE_BREAK.json:4:16: invalid JSON: a line break inside a string (write \\n, or close the string with ")',
  },
  {
    name: 'a key given twice (JSON would silently keep the last)',
    ids: ['CASE_DUPLICATE_KEY'],
    setUp: () => raw('CASE_DUPLICATE_KEY', '{\n  "id": "CASE_DUPLICATE_KEY",\n  "extends": "CSD",\n  "flags": {\n    "IS_ALLOW_STICKER": false,\n    "IS_ALLOW_STICKER": true\n  }\n}\n'),
    line: 'variants/CASE_DUPLICATE_KEY.json:6:5: /flags/IS_ALLOW_STICKER: duplicate key "IS_ALLOW_STICKER" (first at line 5): JSON keeps only the last one',
  },
  {
    name: 'a colour that is not #RRGGBB, said in words',
    ids: ['CASE_COLOUR'],
    setUp: () => variant('CASE_COLOUR', { extends: 'CSD', theme: { colors: { accent: 'blue' } } }),
    line: 'variants/CASE_COLOUR.json:7:17: /theme/colors/accent: must be a colour like #1a2b3c, not "blue"',
  },
  {
    name: 'a version that is not x.y.z, said in words, a quoted line break kept on one line',
    ids: ['CASE_VERSION'],
    setUp: () => variant('CASE_VERSION', { extends: 'CSD', version: '1.0\n.16' }),
    line: 'variants/CASE_VERSION.json:5:14: /version: must be a version like 1.0.15 or 1.0.16-rc.1, not "1.0\\n.16"',
  },
  {
    name: 'a link that is neither an http(s) URL nor empty: one line, not one per alternative',
    ids: ['CASE_LINK'],
    setUp: () => variant('CASE_LINK', { extends: 'CSD', links: { faq: 'ftp://csd.example.com/faq' } }),
    line: 'variants/CASE_LINK.json:6:12: /links/faq: must be an absolute http(s) URL, or "" for none, not "ftp://csd.example.com/faq"',
  },
  {
    name: 'a number given as a string',
    ids: ['CASE_TYPE'],
    setUp: () => variant('CASE_TYPE', { extends: 'CSD', buildVersion: '19' }),
    line: 'variants/CASE_TYPE.json:5:19: /buildVersion: must be integer, not the string "19"',
  },
  {
    name: 'a misspelt enum value, with a suggestion',
    ids: ['CASE_ENUM'],
    setUp: () => variant('CASE_ENUM', { extends: 'CSD', server: { framePolicy: 'SAMEORGIN' } }),
    line: 'variants/CASE_ENUM.json:6:20: /server/framePolicy: must be one of "DENY", "SAMEORIGIN", not "SAMEORGIN" (did you mean "SAMEORIGIN"?)',
  },
  {
    name: 'a misspelt property, with a suggestion',
    ids: ['CASE_PROPERTY'],
    setUp: () => variant('CASE_PROPERTY', { extends: 'CSD', tittle: 'CSD Chat 2' }),
    line: 'variants/CASE_PROPERTY.json:5:13: /tittle: unknown property tittle (did you mean title?)',
  },
  {
    name: 'a misspelt wording key, with a suggestion',
    ids: ['CASE_WORDING'],
    setUp: () => variant('CASE_WORDING', { extends: 'CSD', wording: { en_US: { helpLable: 'Help' } } }),
    line: 'variants/CASE_WORDING.json:7:20: /wording/en_US/helpLable: unknown wording key helpLable (did you mean helpLabel?)',
  },
  {
    name: 'extends names a variant that does not exist, with a suggestion',
    ids: ['CASE_EXTENDS'],
    setUp: () => variant('CASE_EXTENDS', { extends: 'HOSPTAL' }),
    line: 'variants/CASE_EXTENDS.json:4:14: /extends: extends unknown variant id HOSPTAL (did you mean HOSPITAL?)',
  },
  {
    name: 'an extends cycle, reported once',
    ids: ['CASE_CYCLE_A', 'CASE_CYCLE_B'],
    setUp: () => {
      variant('CASE_CYCLE_A', { extends: 'CASE_CYCLE_B' });
      variant('CASE_CYCLE_B', { extends: 'CASE_CYCLE_A' });
    },
    line: 'variants/CASE_CYCLE_A.json:4:14: /extends: extends cycle: CASE_CYCLE_A → CASE_CYCLE_B → CASE_CYCLE_A',
  },
  {
    name: 'an id that is not the file name',
    ids: ['CASE_ID'],
    setUp: () => raw('CASE_ID', '{ "id": "CASE_IDD", "extends": "CSD" }\n'),
    line: 'variants/CASE_ID.json:1:9: /id: id "CASE_IDD" must equal the file name (CASE_ID)',
  },
  {
    name: 'columns that do not add up to 12 after inheritance',
    ids: ['CASE_COLUMNS'],
    setUp: () => variant('CASE_COLUMNS', { extends: 'CSD', layout: { columns: { right: 2 } } }),
    line: 'variants/CASE_COLUMNS.json:6:16: /layout/columns: left + main + right must be 12 (4 + 8 + 2 = 14)',
  },
  {
    name: 'a chat room width range upside down',
    ids: ['CASE_WIDTH'],
    setUp: () => variant('CASE_WIDTH', { extends: 'CSD', layout: { chatRoomWidth: { min: 1500 } } }),
    line: 'variants/CASE_WIDTH.json:6:22: /layout/chatRoomWidth: min (1500) must not exceed max (1450)',
  },
  {
    name: 'an unknown locale, with a suggestion',
    ids: ['CASE_LOCALE'],
    setUp: () => variant('CASE_LOCALE', { extends: 'CSD', wording: { zh_tw: { helpLabel: '說明' } } }),
    line: 'variants/CASE_LOCALE.json:6:14: /wording/zh_tw: unknown locale zh_tw (expected en_US, zh_TW, zh_CN) (did you mean zh_TW?)',
  },
  {
    name: 'a zh_TW wording saved as Big5 (not UTF-8), at the line and column of the first bad byte',
    ids: ['CASE_BIG5'],
    setUp: () => {
      const big5 = Buffer.from([0xbb, 0xa1, 0xa9, 0xfa]); // 說明 in Big5
      const [head, tail] = ['{\n  "id": "CASE_BIG5",\n  "extends": "CSD",\n  "wording": { "zh_TW": { "helpLabel": "', '" } }\n}\n'];
      raw('CASE_BIG5', Buffer.concat([Buffer.from(head), big5, Buffer.from(tail)]));
    },
    line: 'variants/CASE_BIG5.json:4:41: is not valid UTF-8 (byte 0xBB; saved as Big5, GBK or Latin-1?): save it as UTF-8',
  },
  {
    name: 'a file saved as UTF-16 without a byte-order mark',
    ids: ['CASE_UTF16'],
    setUp: () => raw('CASE_UTF16', Buffer.from('{ "id": "CASE_UTF16", "extends": "CSD" }\n', 'utf16le')),
    line: 'variants/CASE_UTF16.json:1:2: contains NUL characters (saved as UTF-16 without a byte-order mark?): save it as UTF-8',
  },
  {
    name: 'a switched-on feature whose link is empty (the accessibility badge)',
    ids: ['CASE_BADGE'],
    setUp: () => variant('CASE_BADGE', { extends: 'CSD', flags: { IS_SHOW_ACCESSIBILITY_BADGE: true } }),
    line:
      'variants/CASE_BADGE.json:6:36: /flags/IS_SHOW_ACCESSIBILITY_BADGE: IS_SHOW_ACCESSIBILITY_BADGE is on, but links.accessibilityBadge ' +
      'is empty: give links.accessibilityBadge, or switch IS_SHOW_ACCESSIBILITY_BADGE off',
  },
  {
    name: 'the link emptied by a variant whose parent shows the badge, at the link',
    ids: ['CASE_BADGE_LINK'],
    setUp: () => variant('CASE_BADGE_LINK', { extends: 'HKMA', links: { accessibilityBadge: '' } }),
    line:
      'variants/CASE_BADGE_LINK.json:6:27: /links/accessibilityBadge: IS_SHOW_ACCESSIBILITY_BADGE is on, but links.accessibilityBadge ' +
      'is empty: give links.accessibilityBadge, or switch IS_SHOW_ACCESSIBILITY_BADGE off',
  },
  {
    name: "a parent's syntax error is one error, not a second one at the child that extends it",
    ids: ['CASE_SYNTAX_PARENT', 'CASE_SYNTAX_CHILD'],
    setUp: () => {
      raw('CASE_SYNTAX_PARENT', '{\n  "id": "CASE_SYNTAX_PARENT",\n  "extends": "CSD",\n  "flags": { "IS_ALLOW_STICKER": false, }\n}\n');
      variant('CASE_SYNTAX_CHILD', { extends: 'CASE_SYNTAX_PARENT' });
    },
    line: 'variants/CASE_SYNTAX_PARENT.json:4:39: invalid JSON: trailing comma before } (JSON allows no comma after the last member)',
  },
  {
    name: 'an unknown parent is never "corrected" to the file itself',
    ids: ['CASE_SELF_HINT'],
    setUp: () => variant('CASE_SELF_HINT', { extends: 'CASE_SELF_HIN' }),
    line: 'variants/CASE_SELF_HINT.json:4:14: /extends: extends unknown variant id CASE_SELF_HIN',
  },
];

for (const c of cases) c.setUp();

describe('broken variant configs', () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const result = runCli(['validate', ...c.ids, '--root', root]);
    expect(result.stdout.trim().split('\n')).toEqual([c.line]);
    expect(result.code).toBe(1);
    expect(result.stderr).not.toMatch(STACK_LINE);
  });

  it('reports every case once in one run over all variants, and the shipped variants stay valid', () => {
    const result = runCli(['validate', '--all', '--json', '--root', root]);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as { errors: Array<{ file: string; path: string; message: string; line?: number }>; invalid: string[] };
    const lines = report.errors.map((p) => (p.path ? `${p.file}: ${p.path}: ${p.message}` : `${p.file}:${p.line}`));
    for (const c of cases) expect(lines.filter((l) => l.startsWith(c.line.split(/: |:\d/)[0]!))).toHaveLength(1);
    expect(report.errors).toHaveLength(cases.length);
    // Every error of a file that exists points at its line.
    for (const p of report.errors) expect(p.line, `${p.file} ${p.path}`).toBeGreaterThan(0);
    const shipped = ['CSD', 'HOSPITAL', 'HKMA_UAT', 'DEV_GRID_CHILD'];
    for (const id of shipped) expect(report.invalid).not.toContain(id);
  });

  it('accepts a byte-order mark with a warning, and names it as an error with --strict (what CI runs)', () => {
    raw('CASE_BOM', '\uFEFF{ "id": "CASE_BOM", "extends": "CSD" }\n');
    try {
      const lenient = runCli(['validate', 'CASE_BOM', '--root', root]);
      expect(lenient.code).toBe(0);
      expect(lenient.stdout).toBe('');
      const warning = 'variants/CASE_BOM.json:1:1: starts with a UTF-8 byte-order mark (accepted; other JSON tools may reject it: save the file as UTF-8 without BOM)';
      expect(lenient.stderr.split('\n')).toContain(warning);
      const strict = runCli(['validate', 'CASE_BOM', '--strict', '--root', root]);
      expect(strict.code).toBe(1);
      expect(strict.stdout.trim().split('\n')).toEqual([warning]);
    } finally {
      rmSync(join(root, 'variants', 'CASE_BOM.json'));
    }
  });

  it('prints GitHub annotations with --format github: file, line and column of each mistake', () => {
    const result = runCli(['validate', 'CASE_BIG5', 'CASE_COLUMNS', '--format', 'github', '--root', root]);
    expect(result.code).toBe(1);
    expect(result.stdout.trim().split('\n')).toEqual([
      '::error file=variants/CASE_BIG5.json,line=4,col=41,title=chatgen::is not valid UTF-8 (byte 0xBB; saved as Big5, GBK or Latin-1?): save it as UTF-8',
      expect.stringMatching(/^::error file=variants\/CASE_COLUMNS.json,line=\d+,col=\d+,title=chatgen::\/layout\/columns: left \+ main \+ right must be 12 \(4 \+ 8 \+ 2 = 14\)$/),
    ]);
  });

  it('generate refuses the project, naming each mistake on its own line', () => {
    const result = runCli(['generate', '--check', '--root', root]);
    expect(result.code).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toContain(cases[0]!.line);
    expect(lines.at(-1)).toBe(`chatgen: cannot generate: ${cases.length} error(s) in schema/ or variants/ (chatgen validate --all lists them)`);
    expect(result.stderr).not.toMatch(STACK_LINE);
  });
});
