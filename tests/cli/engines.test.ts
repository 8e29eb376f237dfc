// package.json's engines agree with the lock file: every locked package runs on the oldest Node the project
// accepts, so `npm ci` on that Node installs without an EBADENGINE warning (a package that wants a newer Node
// than engines.node promises is pinned back, see package.json overrides).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { REPO } from '../../generator/test/helpers.ts';

interface LockFile {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
}

const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(join(REPO, 'package-lock.json'), 'utf8')) as LockFile;

describe('engines', () => {
  it('every locked package accepts the oldest Node that package.json accepts', () => {
    const oldest = semver.minVersion(pkg.engines.node)!.version;
    expect(oldest).toBe('20.19.0');
    const refusing = Object.entries(lock.packages)
      .map(([path, entry]) => ({ path, version: entry.version, node: Array.isArray(entry.engines) ? undefined : entry.engines?.node }))
      .filter((p) => p.node !== undefined && !semver.satisfies(oldest, p.node))
      .map((p) => `${p.path.replace(/^node_modules\//, '')}@${p.version} wants node ${p.node}`);
    expect(refusing).toEqual([]);
  });

  it('the Node running the tests is one package.json accepts', () => {
    expect(semver.satisfies(process.version, pkg.engines.node)).toBe(true);
  });
});
