/**
 * `<out>/<ID>/build-info.json`, the variant's release manifest: what was built, from what, with which tools, and
 * every file with its size and sha256. Written on every build, also when the bundle comes from the cache, and
 * byte-identical for the same inputs (no times, sorted lists), so CI can sign it and diff two of them. A failed
 * build leaves only this file, with `status: "failed"` and the errors, in an otherwise emptied `<out>/<ID>/`.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JsonObject } from '../util/json.ts';
import type { BundlerError } from './bundler-errors.ts';
import type { GitState } from './git.ts';
import type { RouteSizes } from './routes.ts';
import type { FileRecord, Sizes } from './sizes.ts';
import type { ToolVersions } from './tools.ts';

export const MANIFEST_FILE = 'build-info.json';

export interface Identity {
  id: string;
  title: string;
  version: string;
  buildVersion: number | null;
  environment: string;
  configHash: string;
}

export interface SuccessManifest extends Identity, RouteSizes {
  status: 'ok';
  /** The URL path the build is served from (`--base`). */
  base: string;
  sourceHash: string;
  cacheKey: string;
  git: GitState;
  tools: ToolVersions;
  /** The flags the bundle's code reads, with this variant's values (sorted by name). */
  flags: Record<string, boolean>;
  sizes: Sizes;
  files: Record<string, FileRecord>;
}

export interface FailureManifest extends Identity {
  status: 'failed' | 'invalid';
  git: GitState;
  errors: Array<BundlerError | { file: string; path: string; message: string }>;
}

export function identityOf(config: JsonObject, configHash: string): Identity {
  return {
    id: String(config.id),
    title: typeof config.title === 'string' ? config.title : '',
    version: typeof config.version === 'string' ? config.version : '',
    buildVersion: typeof config.buildVersion === 'number' ? config.buildVersion : null,
    environment: typeof config.environment === 'string' ? config.environment : '',
    configHash: `sha256:${configHash}`,
  };
}

/** Writes the manifest unless the file already holds these bytes (an up-to-date build keeps its file as it was). */
export function writeManifest(dir: string, manifest: SuccessManifest | FailureManifest): void {
  const path = join(dir, MANIFEST_FILE);
  const text = `${JSON.stringify(manifest, null, 2)}\n`;
  if (existsSync(path) && readFileSync(path, 'utf8') === text) return;
  writeFileSync(path, text);
}

export function readManifest(dir: string): SuccessManifest | FailureManifest | undefined {
  try {
    return JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8')) as SuccessManifest | FailureManifest;
  } catch {
    return undefined;
  }
}

/** A failed variant: nothing of an earlier build stays to be served or shipped, only the failure manifest. */
export function clearWithFailure(dir: string, manifest: FailureManifest): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeManifest(dir, manifest);
}
