/** Renders the whole generated/ tree in memory, then writes it or compares it with what is on disk. */
import { type Contract, readContract } from '../load/contract.ts';
import type { Project } from '../load/project.ts';
import { resolveVariant } from '../resolve/variant.ts';
import { type ValidationReport, validateVariants } from '../validate/variants.ts';
import { emitApi } from './api.ts';
import { emitEnums } from './enums.ts';
import { emitEditorSchema } from './editor-schema.ts';
import { emitErrors } from './errors.ts';
import { emitFlagTypes, emitVariantFlags, variantFlagValues } from './flags.ts';
import { emitRealtime } from './realtime.ts';
import { emitServer } from './server.ts';
import { emitTypes } from './types.ts';
import { emitVariant, emitVariantTypes } from './variant.ts';
import { cannotGenerate, type GenerateRecord } from './generate-cache.ts';

export { compareGenerated, GENERATED_DIR, keepFilesOf, writeGenerated, type CheckResult } from './write.ts';

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
    throw cannotGenerate(report.errors);
  }
  const files = new Map<string, string>();
  const add = (part: Map<string, string>): void => {
    for (const [path, text] of part) files.set(path, text);
  };
  const types = await emitTypes(project, contract);
  add(types.files);
  add(emitEnums(contract, types.source));
  add(await emitApi(contract));
  add(emitRealtime(project, contract));
  add(emitErrors(contract));
  add(emitFlagTypes(contract));
  const ids = [...project.variants.keys()].sort();
  add(emitVariantTypes(contract, ids));
  add(emitEditorSchema(project, contract, ids));
  for (const id of ids.filter((i) => !skip.has(i))) {
    const variant = resolveVariant(project, id, contract.defaults);
    add(emitVariantFlags(contract, variant));
    add(emitVariant(project, contract, variant));
  }
  add(emitServer(project, contract));
  return new Map([...files.entries()].sort(([a], [b]) => (a < b ? -1 : 1)));
}

/**
 * Validation of every variant, the rendered tree (invalid variants left out) and each valid variant's resolved
 * config and flags: what `generate` and `build` need (emit/generate-cache.ts keeps it). Nothing is rendered when
 * schema/ itself has errors.
 */
export async function prepareGenerated(project: Project): Promise<GenerateRecord> {
  const contract = readContract(project);
  const report = validateVariants(project, { all: true }, contract);
  if (report.errors.some((p) => p.file.startsWith('schema/'))) return { report, files: [], variants: {} };
  const files = await renderGenerated(project, contract, { report, skip: report.invalid });
  const variants: GenerateRecord['variants'] = {};
  for (const id of [...project.variants.keys()].sort()) {
    if (report.invalid.includes(id)) continue;
    const variant = resolveVariant(project, id, contract.defaults);
    variants[id] = { config: variant.config, flags: variantFlagValues(contract, variant) };
  }
  return { report, files: [...files], variants };
}
