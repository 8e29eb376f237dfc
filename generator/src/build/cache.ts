/**
 * The build cache: one directory per variant and cache key holding a finished build (its files and
 * `entry.json`). `chatgen build` restores a hit instead of bundling again; each variant keeps its few most
 * recent entries. Location: `builds/` of the chatgen cache directory (util/cache-dir.ts).
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chatgenCacheDir } from '../util/cache-dir.ts';
import type { Sizes } from './sizes.ts';

/** Entries kept per variant: the current one and a couple to switch back to (another branch, an undone edit). */
const ENTRIES_PER_VARIANT = 3;

export interface CacheEntry {
  key: string;
  builtAt: string;
  buildMs: number;
  sizes: Sizes;
  /** Per-route sizes and the rest of the manifest that depends only on the bundle. */
  bundle: Record<string, unknown>;
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
    const entry = JSON.parse(readFileSync(file, 'utf8')) as CacheEntry;
    return entry.key === key ? entry : undefined;
  } catch {
    return undefined; // a damaged entry is a miss; the next build replaces it
  }
}

/** Copies the entry's files into `dir` (which must not exist). */
export function restore(root: string, id: string, key: string, dir: string): void {
  const entry = entryDir(root, id, key);
  cpSync(join(entry, 'files'), dir, { recursive: true });
  const now = new Date();
  utimesSync(entry, now, now); // recently used: pruned last
}

/** Stores a finished build; concurrent writers of the same key are harmless (the first rename wins). */
export function store(root: string, id: string, entry: CacheEntry, builtDir: string): void {
  const target = entryDir(root, id, entry.key);
  if (existsSync(target)) return;
  const temp = `${target}.tmp-${process.pid}-${Date.now()}`;
  try {
    mkdirSync(temp, { recursive: true });
    cpSync(builtDir, join(temp, 'files'), { recursive: true });
    writeFileSync(join(temp, 'entry.json'), `${JSON.stringify(entry, null, 2)}\n`);
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
