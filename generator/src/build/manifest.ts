/**
 * `<out>/<ID>/build-info.json`: what was built and from what. Written on every build, also when the bundle
 * comes from the cache (then `fromCache` is true and `builtAt` is when it was bundled). A failed build leaves
 * only this file, with `status: "failed"` and the errors, in an otherwise emptied `<out>/<ID>/`.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JsonObject } from '../util/json.ts';
import type { BundlerError } from './bundler-errors.ts';
import type { GitState } from './git.ts';
import type { RouteSizes } from './routes.ts';
import type { FileSize, Sizes } from './sizes.ts';

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
  sourceHash: string;
  cacheKey: string;
  git: GitState;
  builtAt: string;
  buildMs: number;
  fromCache: boolean;
  chatgen: string;
  vite: string;
  flags: { on: string[]; off: string[] };
  sizes: Sizes;
  files: Record<string, FileSize>;
}

export interface FailureManifest extends Identity {
  status: 'failed' | 'invalid';
  git: GitState;
  failedAt: string;
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

export function writeManifest(dir: string, manifest: SuccessManifest | FailureManifest): void {
  writeFileSync(join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
}

export function readManifest(dir: string): SuccessManifest | FailureManifest | undefined {
  try {
    return JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8')) as SuccessManifest | FailureManifest;
  } catch {
    return undefined;
  }
}

/** The output directory still holds the build the manifest describes (same key, every file at its size). */
export function isIntact(dir: string, key: string): SuccessManifest | undefined {
  const manifest = readManifest(dir);
  if (!manifest || manifest.status !== 'ok' || manifest.cacheKey !== key) return undefined;
  for (const [file, size] of Object.entries(manifest.files)) {
    const path = join(dir, file);
    if (!existsSync(path) || statSync(path).size !== size.raw) return undefined;
  }
  return manifest;
}

/** A failed variant: nothing of an earlier build stays to be served or shipped, only the failure manifest. */
export function clearWithFailure(dir: string, manifest: FailureManifest): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeManifest(dir, manifest);
}
