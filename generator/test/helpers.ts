/** Test helpers: temporary copies of fixture trees and running the CLI as a child process. */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');
export const FIXTURES = join(REPO, 'generator/test/fixtures');
export const BASIC = join(FIXTURES, 'basic');
const BIN = join(REPO, 'generator/bin/chatgen.js');

const created: string[] = [];
/** See freshCache. */
let sharedCache: string | undefined;

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
  sharedCache = undefined;
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `timeoutMs`: when the child is killed (a cold build of every real variant takes minutes on a busy machine). */
export function runCli(args: string[], env: Record<string, string> = {}, timeoutMs = 300_000): CliResult {
  const result = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', cwd: REPO, timeout: timeoutMs, env: { ...process.env, ...env } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/**
 * What a fresh cache shares with the others of the test file: results keyed by the content of what they were
 * made from (the schema compile check, the rendered generated/ tree), which no test asserts as missed or hit.
 * Builds, source hashes and type-check passes stay private to each cache.
 */
const SHARED_CACHE_PARTS = ['schema-check', 'generate'];

/** A private chatgen cache directory (builds, type checks), removed with the copies. */
export function freshCache(): { CHATGEN_CACHE_DIR: string } {
  const dir = mkdtempSync(join(tmpdir(), 'chatgen-cache-'));
  created.push(dir);
  if (!sharedCache) {
    sharedCache = mkdtempSync(join(tmpdir(), 'chatgen-cache-shared-'));
    for (const part of SHARED_CACHE_PARTS) mkdirSync(join(sharedCache, part));
    created.push(sharedCache);
  }
  for (const part of SHARED_CACHE_PARTS) symlinkSync(join(sharedCache, part), join(dir, part), 'dir');
  return { CHATGEN_CACHE_DIR: dir };
}

/** A fixture copy with its output and a copy of its cache: a later test starts where a shared build left off. */
export function cloneBuilt(root: string, env: { CHATGEN_CACHE_DIR: string }): { root: string; env: { CHATGEN_CACHE_DIR: string } } {
  const copy = mkdtempSync(join(tmpdir(), 'chatgen-test-'));
  cpSync(root, copy, { recursive: true });
  created.push(copy);
  const cache = mkdtempSync(join(tmpdir(), 'chatgen-cache-'));
  cpSync(env.CHATGEN_CACHE_DIR, cache, { recursive: true });
  created.push(cache);
  return { root: copy, env: { CHATGEN_CACHE_DIR: cache } };
}

/** A stack trace line, which a user mistake must never print. */
export const STACK_LINE = /^\s+at .+\(.+:\d+:\d+\)$/m;
