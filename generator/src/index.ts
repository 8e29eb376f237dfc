/** Programmatic API of chatgen, for tests and tooling that should not shell out. */
export { loadProject, type Project } from './load/project.ts';
export { readContract, type Contract } from './load/contract.ts';
export { validateVariants, type ValidateOptions, type ValidationReport } from './validate/variants.ts';
export { resolveVariant, type ResolvedVariant } from './resolve/variant.ts';
export { diffResolved, type Difference } from './resolve/diff.ts';
export { build, type BuildOptions, type BuildReport, type VariantBuildResult } from './build/index.ts';
export { formatProblem, type Problem } from './problems.ts';
export { ChatgenError, UsageError } from './errors.ts';

import { type CheckResult, compareGenerated, renderGenerated, writeGenerated } from './emit/index.ts';
import { loadProject } from './load/project.ts';

export type { CheckResult };

/**
 * Renders generated/ for the project at `root`; writes it unless `check` is set. Returns which files were (or,
 * with `check`, would be) stale, missing or extra.
 */
export async function generate(root: string, options: { check?: boolean } = {}): Promise<CheckResult> {
  const project = loadProject(root);
  const files = await renderGenerated(project);
  return options.check ? compareGenerated(project.root, files) : writeGenerated(project.root, files);
}
