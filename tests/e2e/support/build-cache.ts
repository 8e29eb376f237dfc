// Built variants for the browser tests: each variant is built once per run (on first use) into .tmp/e2e-dist,
// one build at a time across workers (a directory lock), so every test file serves the same fresh build.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { withDirectoryLock } from '../../support/directory-lock.ts';

const run = promisify(execFile);
export const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');
export const buildRoot = path.join(repoRoot, '.tmp', 'e2e-dist');
const lockDir = path.join(repoRoot, '.tmp', 'e2e-build.lock');

const withBuildLock = <T>(work: () => Promise<T>): Promise<T> => withDirectoryLock(lockDir, 'browser tests: build', work);

/**
 * The folder holding the production build of `variant` (built now if this run has not built it yet); `base` for a
 * build served under a sub-path (a grid child at /gridchild/), kept in its own folder.
 */
export async function builtVariant(variant: string, base = '/'): Promise<string> {
  const outRoot = base === '/' ? buildRoot : path.join(buildRoot, `base${base.replace(/\//g, '-').replace(/-$/, '')}`);
  const clientDir = path.join(outRoot, variant);
  if (existsSync(path.join(clientDir, 'index.html'))) return clientDir;
  return withBuildLock(async () => {
    if (!existsSync(path.join(clientDir, 'index.html'))) {
      await run(process.execPath, [path.join(repoRoot, 'generator/bin/chatgen.js'), 'build', variant, '--out', outRoot, '--base', base, '--no-typecheck'], {
        cwd: repoRoot,
        env: { ...process.env, NODE_ENV: 'production' },
        maxBuffer: 16 * 1024 * 1024,
      });
    }
    return clientDir;
  });
}

/**
 * The folders of several variants, building the missing ones in one `chatgen build` (it bundles them
 * concurrently, which is quicker than one build after another under the lock).
 */
export async function builtVariants(variants: readonly string[]): Promise<Map<string, string>> {
  const dirs = new Map(variants.map((variant) => [variant, path.join(buildRoot, variant)]));
  const missing = () => variants.filter((variant) => !existsSync(path.join(dirs.get(variant)!, 'index.html')));
  if (missing().length > 0) {
    await withBuildLock(async () => {
      const ids = missing();
      if (ids.length === 0) return;
      await run(process.execPath, [path.join(repoRoot, 'generator/bin/chatgen.js'), 'build', ...ids, '--out', buildRoot, '--quiet', '--no-typecheck'], {
        cwd: repoRoot,
        env: { ...process.env, NODE_ENV: 'production' },
        maxBuffer: 16 * 1024 * 1024,
      });
    });
  }
  return dirs;
}

/** Called once before a run: builds from an earlier run are stale. */
export async function clearBuilds(): Promise<void> {
  await rm(buildRoot, { recursive: true, force: true });
  await rm(lockDir, { recursive: true, force: true });
}
