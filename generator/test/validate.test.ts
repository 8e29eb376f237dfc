import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { loadProject } from '../src/load/project.ts';
import { validateVariants } from '../src/validate/variants.ts';
import { addBrokenVariants, BASIC, cleanupCopies, copyFixture, REPO, runCli, STACK_LINE } from './helpers.ts';

afterAll(cleanupCopies);

describe('chatgen validate', () => {
  it('accepts every fixture variant', () => {
    const result = runCli(['validate', '--all', '--root', BASIC]);
    expect(result.stderr).toContain('3 variant(s) valid');
    expect(result.stdout).toBe('');
    expect(result.code).toBe(0);
  });

  it('reports a broken variant with one line per problem and exit code 1', () => {
    const root = copyFixture();
    addBrokenVariants(root, 'BROKEN');
    const result = runCli(['validate', 'BROKEN', '--root', root]);
    expect(result.code).toBe(1);
    expect(result.stdout.trim().split('\n')).toEqual([
      'variants/BROKEN.json:9:13: /colour: unknown property colour',
      'variants/BROKEN.json:6:18: /environment: must be one of "production", "uat", "development", "trial", not "prod" (did you mean "production"?)',
      'variants/BROKEN.json:8:26: /layout/columns: left + main + right must be 12 (13 + 8 + 0 = 21)',
      'variants/BROKEN.json:8:36: /layout/columns/left: must be <= 12, not 13',
      'variants/BROKEN.json:7:41: /wording/en_US/noSuchText: unknown wording key noSuchText',
    ]);
    expect(result.stderr).not.toMatch(STACK_LINE);
  });

  it('checks the id against the file name and the resolved columns', () => {
    const root = copyFixture();
    addBrokenVariants(root, 'WRONG_NAME', 'COLUMNS');
    const result = runCli(['validate', 'WRONG_NAME', 'COLUMNS', '--root', root]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('variants/WRONG_NAME.json:1:9: /id: id "SOMETHING_ELSE" must equal the file name (WRONG_NAME)');
    expect(result.stdout).toContain('variants/COLUMNS.json:1:61: /layout/columns: left + main + right must be 12 (4 + 8 + 2 = 14)');
  });

  it('fails on a flag missing from the default set, without --strict, and generate and build refuse it', () => {
    const root = copyFixture();
    addBrokenVariants(root, 'UNKNOWN_FLAG');
    const line = 'variants/UNKNOWN_FLAG.json:5:30: /flags/IS_ALLOW_FOO: IS_ALLOW_FOO is missing from the default set';
    const result = runCli(['validate', 'UNKNOWN_FLAG', '--root', root]);
    expect(result.code).toBe(1);
    expect(result.stdout.trim()).toBe(line);
    const generate = runCli(['generate', '--root', root]);
    expect(generate.code).toBe(1);
    expect(generate.stderr).toContain(line);
    const build = runCli(['build', 'UNKNOWN_FLAG', '--out', `${root}/out`, '--root', root]);
    expect(build.code).toBe(1);
    expect(build.stderr).toContain(`UNKNOWN_FLAG: invalid: ${line}`);
    expect(build.stdout).toMatch(/^UNKNOWN_FLAG\s+INVALID/m);
  });

  it('checks flag dependencies declared in flags.json, and the declarations themselves', () => {
    const root = copyFixture();
    const flagsFile = `${root}/schema/flags.json`;
    const flags = JSON.parse(readFileSync(flagsFile, 'utf8')) as { properties: Record<string, Record<string, unknown>> };
    flags.properties.IS_SHOW_GRID_MODE!['x-requires'] = ['IS_ALLOW_STICKER'];
    writeFileSync(flagsFile, JSON.stringify(flags));
    writeFileSync(`${root}/variants/GRID.json`, JSON.stringify({ id: 'GRID', extends: 'HOSPITAL', flags: { IS_SHOW_GRID_MODE: true } }));
    const result = runCli(['validate', '--all', '--root', root]);
    expect(result.code).toBe(1);
    expect(result.stdout.trim().split('\n')).toEqual([
      'variants/GRID.json:1:64: /flags/IS_SHOW_GRID_MODE: IS_SHOW_GRID_MODE needs IS_ALLOW_STICKER switched on, and it is off',
    ]);
    flags.properties.IS_ALLOW_STICKER!['x-requires'] = ['IS_ALLOW_STICKERS', 'IS_SHOW_GRID_MODE'];
    writeFileSync(flagsFile, JSON.stringify(flags));
    const schema = runCli(['validate', 'CSD', '--root', root]);
    expect(schema.code).toBe(1);
    expect(schema.stdout.trim().split('\n')).toEqual([
      'schema/flags.json:1:406: /properties/IS_ALLOW_STICKER/x-requires: IS_ALLOW_STICKER is on by default but needs IS_SHOW_GRID_MODE, which is off by default',
      'schema/flags.json:1:406: /properties/IS_ALLOW_STICKER/x-requires: IS_ALLOW_STICKERS is not a flag of this file (did you mean IS_ALLOW_STICKER?)',
    ]);
  });

  it('reports extends cycles, unknown parents and unknown ids as errors', () => {
    const root = copyFixture();
    addBrokenVariants(root, 'CYCLE_A', 'CYCLE_B', 'ORPHAN');
    const cycle = runCli(['validate', 'CYCLE_A', '--root', root]);
    expect(cycle.code).toBe(1);
    expect(cycle.stdout).toContain('variants/CYCLE_A.json:1:31: /extends: extends cycle: CYCLE_A → CYCLE_B → CYCLE_A');
    const orphan = runCli(['validate', 'ORPHAN', '--root', root]);
    expect(orphan.code).toBe(1);
    expect(orphan.stdout).toContain('variants/ORPHAN.json:1:30: /extends: extends unknown variant id NO_SUCH_VARIANT');
    const unknown = runCli(['validate', 'CSD', 'NOPE', '--root', root]);
    expect(unknown.code).toBe(1);
    expect(unknown.stdout.trim()).toBe('variants/NOPE.json: unknown variant id NOPE (no such file)');
  });

  it('reports a variant file that is not JSON without a stack trace', () => {
    const root = copyFixture();
    writeFileSync(`${root}/variants/BAD.json`, '{ "id": ');
    const result = runCli(['validate', '--all', '--root', root]);
    expect(result.code).toBe(1);
    expect(result.stdout.trim()).toBe('variants/BAD.json:1:9: invalid JSON: unexpected end of the file: a value is missing (is a } or ] missing?)');
    expect(result.stdout + result.stderr).not.toMatch(STACK_LINE);
  });

  it('prints a machine-readable report with --json', () => {
    const root = copyFixture();
    addBrokenVariants(root, 'UNKNOWN_FLAG', 'COLUMNS');
    const result = runCli(['validate', '--all', '--json', '--root', root]);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as { ok: boolean; checked: string[]; invalid: string[]; errors: unknown[]; warnings: unknown[] };
    expect(report.ok).toBe(false);
    expect(report.checked).toEqual(['COLUMNS', 'CSD', 'HOSPITAL', 'HOSPITAL_UAT', 'UNKNOWN_FLAG']);
    expect(report.errors).toEqual([
      { severity: 'error', file: 'variants/COLUMNS.json', path: '/layout/columns', message: 'left + main + right must be 12 (4 + 8 + 2 = 14)', line: 1, column: 61 },
      { severity: 'error', file: 'variants/UNKNOWN_FLAG.json', path: '/flags/IS_ALLOW_FOO', message: 'IS_ALLOW_FOO is missing from the default set', line: 5, column: 30 },
    ]);
    expect(report.invalid).toEqual(['COLUMNS', 'UNKNOWN_FLAG']);
    expect(report.warnings).toEqual([]);
  });

  it('reports schema files that do not compile in strict mode', () => {
    const root = copyFixture();
    const file = `${root}/schema/entities/message.json`;
    writeFileSync(file, readFileSync(file, 'utf8').replace('"x-seed"', '"x-unknown"'));
    const result = runCli(['validate', 'CSD', '--root', root]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('schema/entities/message.json:6:20: /definitions/MessageType: does not compile: strict mode: unknown keyword: "x-unknown"');
  });

  it.each([
    [['validate', '--root', BASIC], 'give variant ids or --all'],
    [['validate', 'CSD', '--all', '--root', BASIC], 'not both'],
    [['validate', '--all', '--frobnicate', '--root', BASIC], "unknown option '--frobnicate'"],
    [['frobnicate'], "unknown command 'frobnicate'"],
    [['validate', '--all', '--root', '/no/such/dir'], 'no such directory'],
    [['build', '--root', BASIC], 'give variant ids or --all'],
    [['build', 'CSD', '--jobs', '0', '--root', BASIC], '--jobs 0: give a whole number of at least 1'],
    [['validate', '--all', '--log-level', 'loud', '--root', BASIC], "argument 'loud' is invalid"],
  ])('exits 2 on a usage error: %j', (args, message) => {
    const result = runCli(args);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stderr).not.toMatch(STACK_LINE);
  });

  it('prints its version from package.json and lists the exit codes in --help', () => {
    const version = (JSON.parse(readFileSync(`${REPO}/package.json`, 'utf8')) as { version: string }).version;
    for (const flag of ['--version', '-v', '-V']) {
      const result = runCli([flag]);
      expect(result.code).toBe(0);
      expect(result.stdout).toBe(`${version}\n`);
    }
    for (const args of [['--help'], ['validate', '--help'], ['build', '--help']]) {
      const help = runCli(args);
      expect(help.code).toBe(0);
      expect(help.stdout).toMatch(/^Exit codes:$/m);
      expect(help.stdout).toMatch(/^ {2}0 {2}valid/m);
      expect(help.stdout).toMatch(/^ {2}1 {2}invalid config/m);
      expect(help.stdout).toMatch(/^ {2}2 {2}usage error/m);
    }
  });

  it('keeps the log to errors with --quiet and --log-level error; the result on stdout is unchanged', () => {
    const root = copyFixture();
    addBrokenVariants(root, 'COLUMNS');
    for (const flag of [['--quiet'], ['--log-level', 'error'], ['-q']]) {
      const valid = runCli(['validate', 'CSD', ...flag, '--root', root]);
      expect(valid.code).toBe(0);
      expect(valid.stderr).toBe('');
      const invalid = runCli(['validate', 'COLUMNS', ...flag, '--root', root]);
      expect(invalid.code).toBe(1);
      expect(invalid.stdout.trim()).toBe('variants/COLUMNS.json:1:61: /layout/columns: left + main + right must be 12 (4 + 8 + 2 = 14)');
      expect(invalid.stderr).toBe('');
    }
    expect(runCli(['validate', 'CSD', '--root', root]).stderr).toBe('1 variant(s) valid\n');
  });

  it('is available as a function', () => {
    const report = validateVariants(loadProject(BASIC), { all: true });
    expect(report).toMatchObject({ ok: true, checked: ['CSD', 'HOSPITAL', 'HOSPITAL_UAT'], invalid: [], errors: [], warnings: [] });
  });
});
