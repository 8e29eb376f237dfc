import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { loadProject } from '../src/load/project.ts';
import { validateVariants } from '../src/validate/variants.ts';
import { addBrokenVariants, BASIC, cleanupCopies, copyFixture, runCli, STACK_LINE } from './helpers.ts';

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
      'variants/BROKEN.json: /colour: unknown property',
      'variants/BROKEN.json: /environment: must be one of "production", "uat", "development", "trial"',
      'variants/BROKEN.json: /layout/columns: left + main + right must be 12 (13 + 8 + 0 = 21)',
      'variants/BROKEN.json: /layout/columns/left: must be <= 12',
      'variants/BROKEN.json: /wording/en_US/noSuchText: unknown wording key noSuchText',
    ]);
    expect(result.stderr).not.toMatch(STACK_LINE);
  });

  it('checks the id against the file name and the resolved columns', () => {
    const root = copyFixture();
    addBrokenVariants(root, 'WRONG_NAME', 'COLUMNS');
    const result = runCli(['validate', 'WRONG_NAME', 'COLUMNS', '--root', root]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('variants/WRONG_NAME.json: /id: id "SOMETHING_ELSE" must equal the file name (WRONG_NAME)');
    expect(result.stdout).toContain('variants/COLUMNS.json: /layout/columns: left + main + right must be 12 (4 + 8 + 2 = 14)');
  });

  it('reports an unknown flag as missing from the default set: a warning, an error with --strict', () => {
    const root = copyFixture();
    addBrokenVariants(root, 'UNKNOWN_FLAG');
    const line = 'variants/UNKNOWN_FLAG.json: /flags/IS_ALLOW_FOO: IS_ALLOW_FOO is missing from the default set';
    const lenient = runCli(['validate', 'UNKNOWN_FLAG', '--root', root]);
    expect(lenient.code).toBe(0);
    expect(lenient.stderr).toContain(line);
    const strict = runCli(['validate', 'UNKNOWN_FLAG', '--strict', '--root', root]);
    expect(strict.code).toBe(1);
    expect(strict.stdout).toContain(line);
  });

  it('reports extends cycles, unknown parents and unknown ids as errors', () => {
    const root = copyFixture();
    addBrokenVariants(root, 'CYCLE_A', 'CYCLE_B', 'ORPHAN');
    const cycle = runCli(['validate', 'CYCLE_A', '--root', root]);
    expect(cycle.code).toBe(1);
    expect(cycle.stdout).toContain('variants/CYCLE_A.json: /extends: extends cycle: CYCLE_A → CYCLE_B → CYCLE_A');
    const orphan = runCli(['validate', 'ORPHAN', '--root', root]);
    expect(orphan.code).toBe(1);
    expect(orphan.stdout).toContain('variants/ORPHAN.json: /extends: extends unknown variant id NO_SUCH_VARIANT');
    const unknown = runCli(['validate', 'CSD', 'NOPE', '--root', root]);
    expect(unknown.code).toBe(1);
    expect(unknown.stdout.trim()).toBe('variants/NOPE.json: unknown variant id NOPE (no such file)');
  });

  it('reports a variant file that is not JSON without a stack trace', () => {
    const root = copyFixture();
    writeFileSync(`${root}/variants/BAD.json`, '{ "id": ');
    const result = runCli(['validate', '--all', '--root', root]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^variants\/BAD\.json: invalid JSON: /m);
    expect(result.stdout + result.stderr).not.toMatch(STACK_LINE);
  });

  it('prints a machine-readable report with --json', () => {
    const root = copyFixture();
    addBrokenVariants(root, 'UNKNOWN_FLAG', 'COLUMNS');
    const result = runCli(['validate', '--all', '--json', '--root', root]);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as { ok: boolean; checked: string[]; errors: unknown[]; warnings: unknown[] };
    expect(report.ok).toBe(false);
    expect(report.checked).toEqual(['COLUMNS', 'CSD', 'HOSPITAL', 'HOSPITAL_UAT', 'UNKNOWN_FLAG']);
    expect(report.errors).toEqual([
      { severity: 'error', file: 'variants/COLUMNS.json', path: '/layout/columns', message: 'left + main + right must be 12 (4 + 8 + 2 = 14)' },
    ]);
    expect(report.warnings).toHaveLength(1);
  });

  it('reports schema files that do not compile in strict mode', () => {
    const root = copyFixture();
    const file = `${root}/schema/entities/message.json`;
    writeFileSync(file, readFileSync(file, 'utf8').replace('"x-seed"', '"x-unknown"'));
    const result = runCli(['validate', 'CSD', '--root', root]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('schema/entities/message.json: /definitions/MessageType: does not compile: strict mode: unknown keyword: "x-unknown"');
  });

  it.each([
    [['validate', '--root', BASIC], 'give variant ids or --all'],
    [['validate', 'CSD', '--all', '--root', BASIC], 'not both'],
    [['validate', '--all', '--frobnicate', '--root', BASIC], "unknown option '--frobnicate'"],
    [['frobnicate'], "unknown command 'frobnicate'"],
    [['validate', '--all', '--root', '/no/such/dir'], 'no such directory'],
    [['build', '--root', BASIC], 'give variant ids or --all'],
  ])('exits 2 on a usage error: %j', (args, message) => {
    const result = runCli(args);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stderr).not.toMatch(STACK_LINE);
  });

  it('is available as a function', () => {
    const report = validateVariants(loadProject(BASIC), { all: true });
    expect(report).toMatchObject({ ok: true, checked: ['CSD', 'HOSPITAL', 'HOSPITAL_UAT'], errors: [], warnings: [] });
  });
});
