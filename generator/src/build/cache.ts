/**
 * The build cache: one directory per variant and cache key holding a finished build (its files and
 * `entry.json`, which records each file's size and sha256). `chatgen build` restores a hit instead of bundling
 * again, and checks every restored file against its recorded hash: a damaged or tampered entry is dropped and
 * the variant bundled again. Each variant keeps its few most recent entries. Location: `builds/` of the chatgen
 * cache directory (util/cache-dir.ts).
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chatgenCacheDir } from '../util/cache-dir.ts';
import type { FileRecord, Sizes } from './sizes.ts';
import { differences, type FileDifference } from './verify.ts';

/** Entries kept per variant: the current one and a couple to switch back to (another branch, an undone edit). */
const ENTRIES_PER_VARIANT = 3;

export interface CacheEntry {
  key: string;
  buildMs: number;
  sizes: Sizes;
  /** Every file of the build with its sizes and sha256. */
  files: Record<string, FileRecord>;
  /** Per-route sizes and the rest of the manifest that depends only on the bundle. */
  bundle: Record<string, unknown>;
  /** What the bundle was made from, input by input (build/fingerprint.ts), for saying what changed since. */
  inputs?: Record<string, string>;
}

export function cacheDir(root: string): string {
  // A build needs node_modules, so there is always a place; the fallback only serves odd set-ups.
  return join(chatgenCacheDir(root) ?? join(tmpdir(), 'chatgen-cache'), 'builds');
}

function entryDir(root: string, id: string, key: string): string {
  return join(cacheDir(root), id, key);
}

export function lookup(root: string, id: string, key: string): CacheEntry | undefined {
  const file = join(entryDir(root, id, key), 'entry.json');
  if (!existsSync(file)) return undefined;
  try {
    const entry = JSON.parse(readFileSync(file, 'utf8')) as Partial<CacheEntry>;
    // An entry without file hashes (written by an earlier chatgen) cannot be verified: a miss.
    return entry.key === key && typeof entry.files === 'object' && entry.files !== null ? (entry as CacheEntry) : undefined;
  } catch {
    return undefined; // a damaged entry is a miss; the next build replaces it
  }
}

/**
 * Copies the entry's files into `dir` (which must not exist) and checks the copy against the entry's hashes.
 * Returns the differences; when there are any, the entry is removed (the caller bundles again) and `dir` too.
 */
export function restore(root: string, id: string, entry: CacheEntry, dir: string): FileDifference[] {
  const where = entryDir(root, id, entry.key);
  cpSync(join(where, 'files'), dir, { recursive: true });
  const found = differences(dir, entry.files);
  if (found.length > 0) {
    rmSync(dir, { recursive: true, force: true });
    remove(root, id, entry.key);
    return found;
  }
  const now = new Date();
  utimesSync(where, now, now); // recently used: pruned last
  return [];
}

export function remove(root: string, id: string, key: string): void {
  rmSync(entryDir(root, id, key), { recursive: true, force: true });
}

/**
 * Stores a finished build, replacing an entry of the same key (a build is only made when the entry was missing,
 * damaged or bypassed with --no-cache, and in each case the fresh bundle is the one to keep).
 */
export function store(root: string, id: string, entry: CacheEntry, builtDir: string): void {
  const target = entryDir(root, id, entry.key);
  const temp = `${target}.tmp-${process.pid}-${Date.now()}`;
  try {
    mkdirSync(temp, { recursive: true });
    cpSync(builtDir, join(temp, 'files'), { recursive: true });
    writeFileSync(join(temp, 'entry.json'), `${JSON.stringify(entry, null, 2)}\n`);
    rmSync(target, { recursive: true, force: true });
    renameSync(temp, target);
  } catch {
    // The cache is an optimisation: a full disk or a lost race never fails the build.
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
  prune(root, id);
}

function prune(root: string, id: string): void {
  const dir = join(cacheDir(root), id);
  const entries = readdirSync(dir)
    .filter((name) => !name.includes('.tmp-'))
    .map((name) => ({ name, mtime: statSync(join(dir, name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime);
  for (const old of entries.slice(ENTRIES_PER_VARIANT)) rmSync(join(dir, old.name), { recursive: true, force: true });
}
