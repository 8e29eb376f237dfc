/**
 * `<out>/manifest.json`: the variants of the last `chatgen build` run, each with its status, version and the sha256
 * of its build-info.json (which lists every file with its sha256). Signing this one file covers every byte of the
 * run's output; it is byte-identical for the same inputs.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GitState } from './git.ts';
import { MANIFEST_FILE, readManifest } from './manifest.ts';
import { sha256Hex } from './sizes.ts';
import type { ToolVersions } from './tools.ts';

export const RUN_MANIFEST_FILE = 'manifest.json';

export interface RunManifestEntry {
  status: string;
  version: string;
  buildVersion: number | null;
  configHash: string;
  /** `sha256:` of `<ID>/build-info.json` as written. */
  buildInfo: string;
}

export interface RunManifest {
  git: GitState;
  tools: ToolVersions;
  base: string;
  variants: Record<string, RunManifestEntry>;
}

export function writeRunManifest(outRoot: string, run: Omit<RunManifest, 'variants'>, ids: readonly string[]): void {
  const variants: Record<string, RunManifestEntry> = {};
  for (const id of [...ids].sort()) {
    const path = join(outRoot, id, MANIFEST_FILE);
    const manifest = readManifest(join(outRoot, id));
    if (!manifest) continue;
    variants[id] = {
      status: manifest.status,
      version: manifest.version,
      buildVersion: manifest.buildVersion,
      configHash: manifest.configHash,
      buildInfo: `sha256:${sha256Hex(readFileSync(path))}`,
    };
  }
  const text = `${JSON.stringify({ ...run, variants } satisfies RunManifest, null, 2)}\n`;
  const file = join(outRoot, RUN_MANIFEST_FILE);
  if (!existsSync(file) || readFileSync(file, 'utf8') !== text) writeFileSync(file, text);
}

export function readRunManifest(outRoot: string): RunManifest | undefined {
  try {
    return JSON.parse(readFileSync(join(outRoot, RUN_MANIFEST_FILE), 'utf8')) as RunManifest;
  } catch {
    return undefined;
  }
}
