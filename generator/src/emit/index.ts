/** Renders the whole generated/ tree in memory, then writes it or compares it with what is on disk. */
import { mkdirSync, readdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ChatgenError } from '../errors.ts';
import { type Contract, readContract } from '../load/contract.ts';
import type { Project } from '../load/project.ts';
import { resolveVariant } from '../resolve/variant.ts';
import { listFiles } from '../util/fs.ts';
import { type ValidationReport, validateVariants } from '../validate/variants.ts';
import { emitApi } from './api.ts';
import { emitEnums } from './enums.ts';
import { emitErrors } from './errors.ts';
import { emitFlagTypes, emitVariantFlags } from './flags.ts';
import { emitRealtime } from './realtime.ts';
import { emitServer } from './server.ts';
import { emitTypes } from './types.ts';
import { emitVariant, emitVariantTypes } from './variant.ts';

export const GENERATED_DIR = 'generated';

export interface RenderOptions {
  /** The validation of all variants, when the caller has it already. */
  report?: ValidationReport;
  /**
   * Invalid variants to leave out (`chatgen build CSD` while an unrelated variant is broken); their files in
   * generated/ are left as they are (see `keepFilesOf`). Any other invalid variant still refuses the project.
   */
  skip?: readonly string[];
}

/** All files of generated/, keyed by path relative to generated/, in sorted order. Refuses an invalid project. */
export async function renderGenerated(
  project: Project,
  contract: Contract = readContract(project),
  options: RenderOptions = {},
): Promise<Map<string, string>> {
  const report = options.report ?? validateVariants(project, { all: true }, contract);
  const skip = new Set(options.skip ?? []);
  const schemaBroken = contract.problems.some((p) => p.severity === 'error');
  if (schemaBroken || report.invalid.some((id) => !skip.has(id)) || (!report.ok && report.invalid.length === 0)) {
    throw new ChatgenError(`cannot generate: ${report.errors.length} error(s) in schema/ or variants/ (chatgen validate --all lists them)`, report.errors);
  }
  const files = new Map<string, string>();
  const add = (part: Map<string, string>): void => {
    for (const [path, text] of part) files.set(path, text);
  };
  const types = await emitTypes(project, contract);
  add(types);
  add(emitEnums(contract, types.get('types/index.ts') ?? ''));
  add(await emitApi(contract));
  add(emitRealtime(project, contract));
  add(emitErrors(contract));
  add(emitFlagTypes(contract));
  const ids = [...project.variants.keys()].sort();
  add(emitVariantTypes(contract, ids));
  for (const id of ids.filter((i) => !skip.has(i))) {
    const variant = resolveVariant(project, id, contract.defaults);
    add(emitVariantFlags(contract, variant));
    add(emitVariant(project, contract, variant));
  }
  add(emitServer(project, contract));
  return new Map([...files.entries()].sort(([a], [b]) => (a < b ? -1 : 1)));
}

export interface CheckResult {
  upToDate: boolean;
  stale: string[];
  missing: string[];
  extra: string[];
}

export function compareGenerated(root: string, files: Map<string, string>): CheckResult {
  const dir = join(root, GENERATED_DIR);
  const onDisk = new Set(listFiles(dir));
  const stale: string[] = [];
  const missing: string[] = [];
  for (const [path, text] of files) {
    if (!onDisk.has(path)) missing.push(`${GENERATED_DIR}/${path}`);
    else if (readFileSync(join(dir, path), 'utf8') !== text) stale.push(`${GENERATED_DIR}/${path}`);
  }
  const extra = [...onDisk].filter((path) => !files.has(path)).map((path) => `${GENERATED_DIR}/${path}`);
  return { upToDate: stale.length + missing.length + extra.length === 0, stale, missing, extra };
}

/** A predicate for writeGenerated: the files of variants left out of the render stay as they are. */
export function keepFilesOf(ids: readonly string[]): (path: string) => boolean {
  return (path) => ids.some((id) => path === `${GENERATED_DIR}/flags/${id}.ts` || path.startsWith(`${GENERATED_DIR}/variants/${id}/`));
}

/** Writes only files whose content changed and removes files generated/ should no longer hold (except `keep`). */
export function writeGenerated(root: string, files: Map<string, string>, keep: (path: string) => boolean = () => false): CheckResult {
  const found = compareGenerated(root, files);
  const result = { ...found, extra: found.extra.filter((f) => !keep(f)) };
  for (const file of [...result.stale, ...result.missing]) {
    const path = join(root, file);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, files.get(file.slice(GENERATED_DIR.length + 1))!);
  }
  for (const file of result.extra) {
    rmSync(join(root, file));
    removeEmptyParents(join(root, GENERATED_DIR), dirname(join(root, file)));
  }
  return result;
}

/** Deletes directories left empty by removed files, up to (not including) generated/ itself. */
function removeEmptyParents(top: string, dir: string): void {
  let current = dir;
  while (current.startsWith(`${top}/`) && readdirSync(current).length === 0) {
    rmdirSync(current);
    current = dirname(current);
  }
}
