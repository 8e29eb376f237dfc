/**
 * What `generate` and `build` derive from schema/ and variants/ alone: the validation of every variant, the
 * rendered generated/ tree, and each valid variant's resolved config and flag values. Rendering runs Prettier,
 * json-schema-to-typescript and ajv's standalone code generation, seconds of work that only change with those
 * inputs, so the result is kept in the chatgen cache (`generate/<key>.json`) keyed by the bytes of every file of
 * schema/ and variants/ and by chatgen itself (util/chatgen-code.ts). A run whose inputs were seen before loads
 * none of those libraries. Nothing in generated/ is read for the key: a hand edit there is still found and
 * overwritten (or reported by `generate --check`), since the rendered files are compared with the disk.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ChatgenError } from '../errors.ts';
import type { Project } from '../load/project.ts';
import type { Problem } from '../problems.ts';
import { chatgenCacheDir } from '../util/cache-dir.ts';
import { chatgenCodeHash } from '../util/chatgen-code.ts';
import { listFiles } from '../util/fs.ts';
import type { JsonObject } from '../util/json.ts';
import type { ValidationReport } from '../validate/variants.ts';

/** Records kept: the current inputs and a few to switch back to (another branch, an undone edit). */
const KEPT = 4;

export interface GeneratedVariant {
  /** The resolved config (resolve/variant.ts). */
  config: JsonObject;
  /** Every flag of the catalogue with this variant's value. */
  flags: Array<{ name: string; value: boolean }>;
}

export interface GenerateRecord {
  /** `validateVariants(project, { all: true })`. */
  report: ValidationReport;
  /** The files of generated/ (path relative to generated/ → text), sorted; invalid variants left out. */
  files: Array<[string, string]>;
  /** Each valid variant. */
  variants: Record<string, GeneratedVariant>;
}

/** Hash of the bytes of every file of schema/ and variants/ and of chatgen itself. */
export function generateKey(root: string): string {
  const hash = createHash('sha256').update(`chatgen ${chatgenCodeHash()}\u0000`);
  for (const dir of ['schema', 'variants']) {
    for (const rel of listFiles(join(root, dir))) hash.update(`${dir}/${rel}\u0000`).update(readFileSync(join(root, dir, rel))).update('\u0000');
  }
  return hash.digest('hex').slice(0, 32);
}

function recordDir(root: string): string | undefined {
  const base = chatgenCacheDir(root);
  return base ? join(base, 'generate') : undefined;
}

export function lookupGenerated(root: string, key: string): GenerateRecord | undefined {
  const dir = recordDir(root);
  if (!dir) return undefined;
  try {
    const record = JSON.parse(readFileSync(join(dir, `${key}.json`), 'utf8')) as GenerateRecord;
    return Array.isArray(record.files) && typeof record.variants === 'object' ? record : undefined;
  } catch {
    return undefined; // missing or damaged: rendered again
  }
}

export function storeGenerated(root: string, key: string, record: GenerateRecord): void {
  const dir = recordDir(root);
  if (!dir) return;
  try {
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `${key}.json`);
    const temp = `${file}.tmp-${process.pid}`;
    writeFileSync(temp, JSON.stringify(record));
    renameSync(temp, file);
    const old = readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .map((name) => ({ name, mtime: statSync(join(dir, name)).mtimeMs }))
      .sort((a, b) => b.mtime - a.mtime)
      .slice(KEPT);
    for (const { name } of old) rmSync(join(dir, name), { force: true });
  } catch {
    // The cache only saves time.
  }
}

/**
 * emit/index.ts's prepareGenerated, from the cache when schema/, variants/ and chatgen are as a run saw them
 * before; the rendering libraries are loaded only when it is not.
 */
export async function preparedGenerated(project: Project): Promise<{ record: GenerateRecord; cached: boolean }> {
  const key = generateKey(project.root);
  const known = lookupGenerated(project.root, key);
  if (known) return { record: known, cached: true };
  const record = await (await import('./index.ts')).prepareGenerated(project);
  storeGenerated(project.root, key, record);
  return { record, cached: false };
}

/** The files of generated/ for `chatgen generate`, which refuses a project with any error. */
export async function generatedFiles(project: Project): Promise<Map<string, string>> {
  const { record } = await preparedGenerated(project);
  const { report } = record;
  if (!report.ok) throw cannotGenerate(report.errors);
  return new Map(record.files);
}

export function cannotGenerate(errors: Problem[]): ChatgenError {
  return new ChatgenError(`cannot generate: ${errors.length} error(s) in schema/ or variants/ (chatgen validate --all lists them)`, errors);
}
