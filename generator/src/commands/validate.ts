/** `chatgen validate [ID...] [--all] [--strict] [--json]` */
import { UsageError } from '../errors.ts';
import { loadProject } from '../load/project.ts';
import { log, out } from '../log.ts';
import { formatGithub, formatProblem } from '../problems.ts';
import { validateVariants } from '../validate/variants.ts';

export interface ValidateCommandOptions {
  root: string;
  all?: boolean;
  strict?: boolean;
  json?: boolean;
  /** `text` (the default) or `github`: GitHub Actions annotations, errors and warnings on stdout. */
  format?: string;
}

export function requireIds(ids: string[], all: boolean | undefined): void {
  if (ids.length === 0 && !all) throw new UsageError('give variant ids or --all');
  if (ids.length > 0 && all) throw new UsageError('give variant ids or --all, not both');
}

export function runValidate(ids: string[], options: ValidateCommandOptions): number {
  requireIds(ids, options.all);
  const project = loadProject(options.root);
  const report = validateVariants(project, { ids, all: options.all, strict: options.strict });
  if (options.json) {
    out(JSON.stringify(report, null, 2));
    return report.ok ? 0 : 1;
  }
  if (options.format === 'github') {
    for (const p of [...report.errors, ...report.warnings]) out(formatGithub(p));
  } else {
    // Errors are the command's result (stdout); warnings are log lines (stderr), in the same one-line format.
    for (const p of report.errors) out(formatProblem(p));
    for (const p of report.warnings) log.warn(formatProblem(p));
  }
  const warnings = report.warnings.length ? `, ${report.warnings.length} warning(s)` : '';
  if (report.ok) log.info(`${report.checked.length} variant(s) valid${warnings}`);
  else log.info(`${report.errors.length} error(s)${warnings} in ${report.checked.length} variant(s) checked; invalid: ${report.invalid.join(', ') || '(schema/)'}`);
  return report.ok ? 0 : 1;
}
