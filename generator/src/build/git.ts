/** The commit a build was made from, for its manifest; null outside a git work tree. */
import { execFileSync } from 'node:child_process';

export interface GitState {
  commit: string | null;
  /**
   * Uncommitted changes in the work tree, untracked files included (an untracked module or locale file can be
   * bundled, through `import.meta.glob` for one): the build may not match the commit. Ignored files (dist/,
   * node_modules/) do not count.
   */
  dirty: boolean;
}

function git(root: string, args: string[]): string | undefined {
  try {
    return execFileSync('git', ['-C', root, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

export function gitState(root: string): GitState {
  // Only the root's own repository: a project copied into a folder of another repository is not "in" it.
  if (git(root, ['rev-parse', '--show-prefix']) !== '') return { commit: null, dirty: false };
  const commit = git(root, ['rev-parse', 'HEAD']) ?? null;
  const status = git(root, ['status', '--porcelain', '--untracked-files=normal']);
  return { commit, dirty: status !== undefined && status !== '' };
}
