/**
 * What a variant's bundle depends on, as hashes: its resolved config, and the sources every variant shares
 * (src/, the shared part of generated/, the lock file, the build code). Together they key the build cache: a
 * variant is rebuilt when its own config or a shared source changed, never because another variant did, nor
 * because of a comment (modules are hashed without their comments: build/source-hash.ts).
 *
 * Each input is hashed on its own (`Inputs`: name → sha256), so that a build can say which inputs changed since
 * the last one (`chatgen build --dry-run`). generated/ is taken from the rendered tree in memory, which is what
 * the run writes there (a dry run writes nothing).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sha256Hex } from './sizes.ts';
import type { SourceHasher } from './source-hash.ts';
import { stableStringify, type JsonObject } from '../util/json.ts';
import { listFiles } from '../util/fs.ts';

const BUILD_CODE_DIR = fileURLToPath(new URL('.', import.meta.url));

export { sha256Hex as sha256 } from './sizes.ts';

/** Input name (`src/app/start.tsx`, `generated/api/rooms.ts`, `package-lock.json`, `config`, `base`) → sha256. */
export type Inputs = Record<string, string>;

export function configHash(config: JsonObject): string {
  return sha256Hex(stableStringify(config));
}

function addFiles(inputs: Inputs, sources: SourceHasher, dir: string, label: string, include: (rel: string) => boolean): void {
  for (const rel of listFiles(dir).filter(include)) inputs[`${label}/${rel}`] = sources.hash(rel, readFileSync(join(dir, rel)));
}

/** Per-variant parts of generated/: each variant's own directory and flag module, hashed with that variant. */
function isVariantSpecific(rel: string): boolean {
  return /^variants\/[^/]+\//.test(rel) || (/^flags\/[^/]+\.ts$/.test(rel) && rel !== 'flags/types.ts');
}

/**
 * Everything the bundles of all variants share. Test files are never bundled and do not count; generated/schema/
 * is for editors, no bundle imports it. `generated`: the files of generated/ (path relative to it → text).
 */
export function sharedInputs(root: string, sources: SourceHasher, generated: ReadonlyMap<string, string>): Inputs {
  const inputs: Inputs = {};
  addFiles(inputs, sources, join(root, 'src'), 'src', (rel) => !/\.test\.[cm]?[jt]sx?$/.test(rel));
  for (const [rel, text] of generated) {
    if (!isVariantSpecific(rel) && !rel.startsWith('schema/')) inputs[`generated/${rel}`] = sources.hash(rel, Buffer.from(text));
  }
  addFiles(inputs, sources, BUILD_CODE_DIR, 'chatgen-build', (rel) => rel.endsWith('.ts'));
  for (const file of ['package-lock.json', 'tsconfig.json']) {
    if (existsSync(join(root, file))) inputs[file] = sha256Hex(readFileSync(join(root, file)));
  }
  return inputs;
}

/** The generated files of one variant (its entry, config, theme, wording, constants, flags). */
export function variantInputs(id: string, sources: SourceHasher, generated: ReadonlyMap<string, string>): Inputs {
  const inputs: Inputs = {};
  for (const [rel, text] of generated) {
    if (rel.startsWith(`variants/${id}/`) || rel === `flags/${id}.ts`) inputs[`generated/${rel}`] = sources.hash(rel, Buffer.from(text));
  }
  return inputs;
}

/** One hash of a set of inputs (names sorted). */
export function inputsDigest(inputs: Inputs): string {
  const hash = createHash('sha256');
  for (const name of Object.keys(inputs).sort()) hash.update(`${name}\u0000${inputs[name]}\u0000`);
  return hash.digest('hex');
}

/** `base`: the URL path the build is served from (asset URLs start with it), so each base has its own bundle. */
export function cacheKey(parts: { configHash: string; sharedSourceHash: string; variantSourceHash: string; base: string }): string {
  return sha256Hex(`${parts.configHash}\u0000${parts.sharedSourceHash}\u0000${parts.variantSourceHash}\u0000${parts.base}`).slice(0, 32);
}

/**
 * What differs between the inputs of an earlier build and now, in words: `src/app/start.tsx changed`,
 * `generated/api/x.ts added`; at most `limit` named, then `and N more`.
 */
export function changedInputs(before: Inputs, now: Inputs, limit = 5): string[] {
  const names = [...new Set([...Object.keys(before), ...Object.keys(now)])].sort();
  const changes: string[] = [];
  for (const name of names) {
    if (before[name] === now[name]) continue;
    const what = name === 'config' ? 'resolved config' : name;
    changes.push(`${what} ${before[name] === undefined ? 'added' : now[name] === undefined ? 'removed' : 'changed'}`);
  }
  return changes.length > limit ? [...changes.slice(0, limit), `and ${changes.length - limit} more`] : changes;
}
