/**
 * What a variant's bundle depends on, as hashes: its resolved config, and the sources every variant shares
 * (src/, the shared part of generated/, the lock file, the build code). Together they key the build cache: a
 * variant is rebuilt when its own config or a shared source changed, never because another variant did.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stableStringify, type JsonObject } from '../util/json.ts';
import { listFiles } from '../util/fs.ts';

const BUILD_CODE_DIR = fileURLToPath(new URL('.', import.meta.url));

export function sha256(text: string | Buffer): string {
  return createHash('sha256').update(text).digest('hex');
}

export function configHash(config: JsonObject): string {
  return sha256(stableStringify(config));
}

function hashFiles(hash: ReturnType<typeof createHash>, dir: string, label: string, include: (rel: string) => boolean): void {
  for (const rel of listFiles(dir).filter(include)) {
    hash.update(`${label}/${rel}\u0000`);
    hash.update(readFileSync(join(dir, rel)));
    hash.update('\u0000');
  }
}

/** Per-variant parts of generated/: each variant's own directory and flag module, hashed with that variant. */
function isVariantSpecific(rel: string): boolean {
  return /^variants\/[^/]+\//.test(rel) || (/^flags\/[^/]+\.ts$/.test(rel) && rel !== 'flags/types.ts');
}

/** Hash of everything the bundles of all variants share. Test files are never bundled and do not count. */
export function sharedSourceHash(root: string): string {
  const hash = createHash('sha256');
  hashFiles(hash, join(root, 'src'), 'src', (rel) => !/\.test\.[cm]?[jt]sx?$/.test(rel));
  hashFiles(hash, join(root, 'generated'), 'generated', (rel) => !isVariantSpecific(rel));
  hashFiles(hash, BUILD_CODE_DIR, 'chatgen-build', (rel) => rel.endsWith('.ts'));
  for (const file of ['package-lock.json', 'tsconfig.json']) {
    if (existsSync(join(root, file))) hash.update(`${file}\u0000`).update(readFileSync(join(root, file)));
  }
  return hash.digest('hex');
}

/** Hash of the generated files of one variant (its entry, config, theme, wording, constants, flags). */
export function variantSourceHash(root: string, id: string): string {
  const hash = createHash('sha256');
  hashFiles(hash, join(root, 'generated', 'variants', id), `variants/${id}`, () => true);
  const flags = join(root, 'generated', 'flags', `${id}.ts`);
  if (existsSync(flags)) hash.update(readFileSync(flags));
  return hash.digest('hex');
}

/** `base`: the URL path the build is served from (asset URLs start with it), so each base has its own bundle. */
export function cacheKey(parts: { configHash: string; sharedSourceHash: string; variantSourceHash: string; base: string }): string {
  return sha256(`${parts.configHash}\u0000${parts.sharedSourceHash}\u0000${parts.variantSourceHash}\u0000${parts.base}`).slice(0, 32);
}
