/** The versions a build was made with, for its manifest: Node, chatgen, Vite, and the project's dependencies as locked. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { isObject } from '../util/json.ts';
import { CHATGEN_VERSION } from '../version.ts';

export interface ToolVersions {
  node: string;
  chatgen: string;
  vite: string;
  /** Each dependency of the root's package.json at the version package-lock.json installs (sorted by name). */
  packages: Record<string, string>;
}

function readJson(path: string): unknown {
  try {
    return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined;
  } catch {
    return undefined;
  }
}

/** The version of the Vite chatgen bundles with, from its package.json (importing Vite itself takes a second). */
function viteVersion(): string {
  const pkg = readJson(createRequire(import.meta.url).resolve('vite/package.json'));
  return isObject(pkg) && typeof pkg.version === 'string' ? pkg.version : 'unknown';
}

export function toolVersions(root: string): ToolVersions {
  const pkg = readJson(join(root, 'package.json'));
  const lock = readJson(join(root, 'package-lock.json'));
  const dependencies = isObject(pkg) && isObject(pkg.dependencies) ? Object.keys(pkg.dependencies).sort() : [];
  const locked = isObject(lock) && isObject(lock.packages) ? lock.packages : {};
  const packages: Record<string, string> = {};
  for (const name of dependencies) {
    const entry = locked[`node_modules/${name}`];
    if (isObject(entry) && typeof entry.version === 'string') packages[name] = entry.version;
  }
  return { node: process.version, chatgen: CHATGEN_VERSION, vite: viteVersion(), packages };
}
