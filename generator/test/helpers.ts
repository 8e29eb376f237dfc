/** Test helpers: temporary copies of fixture trees and running the CLI as a child process. */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');
export const FIXTURES = join(REPO, 'generator/test/fixtures');
export const BASIC = join(FIXTURES, 'basic');
const BIN = join(REPO, 'generator/bin/chatgen.js');

const created: string[] = [];

/** A writable copy of a fixture tree; node_modules is linked so that Vite and tsc resolve packages from it. */
export function copyFixture(source = BASIC): string {
  const dir = mkdtempSync(join(tmpdir(), 'chatgen-test-'));
  cpSync(source, dir, { recursive: true });
  symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules'), 'dir');
  created.push(dir);
  return dir;
}

/** Adds files of fixtures/broken-variants/ to a copy's variants/. */
export function addBrokenVariants(root: string, ...ids: string[]): void {
  for (const id of ids) cpSync(join(FIXTURES, 'broken-variants', `${id}.json`), join(root, 'variants', `${id}.json`));
}

export function cleanupCopies(): void {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], env: Record<string, string> = {}): CliResult {
  const result = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', cwd: REPO, timeout: 300_000, env: { ...process.env, ...env } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A private chatgen cache directory (builds, schema check), removed with the copies. */
export function freshCache(): { CHATGEN_CACHE_DIR: string } {
  const dir = mkdtempSync(join(tmpdir(), 'chatgen-cache-'));
  created.push(dir);
  return { CHATGEN_CACHE_DIR: dir };
}

/** A stack trace line, which a user mistake must never print. */
export const STACK_LINE = /^\s+at .+\(.+:\d+:\d+\)$/m;
