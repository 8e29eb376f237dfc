/** `chatgen validate [ID...] [--all] [--strict] [--json]` */
import { UsageError } from '../errors.ts';
import { loadProject } from '../load/project.ts';
import { formatProblem } from '../problems.ts';
import { validateVariants } from '../validate/variants.ts';

export interface ValidateCommandOptions {
  root: string;
  all?: boolean;
  strict?: boolean;
  json?: boolean;
}

export function runValidate(ids: string[], options: ValidateCommandOptions): number {
  if (ids.length === 0 && !options.all) throw new UsageError('give variant ids or --all');
  if (ids.length > 0 && options.all) throw new UsageError('give variant ids or --all, not both');
  const project = loadProject(options.root);
  const report = validateVariants(project, { ids, all: options.all, strict: options.strict });
  if (options.json) {
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  } else {
    for (const p of report.errors) process.stdout.write(`${formatProblem(p)}\n`);
    // Warnings are log lines (stderr) in the same one-line format; errors are the command's result (stdout).
    for (const p of report.warnings) process.stderr.write(`${formatProblem(p)}\n`);
    const summary = report.ok
      ? `${report.checked.length} variant(s) valid${report.warnings.length ? `, ${report.warnings.length} warning(s)` : ''}`
      : `${report.errors.length} error(s), ${report.warnings.length} warning(s) in ${report.checked.length} variant(s)`;
    process.stderr.write(`${summary}\n`);
  }
  return report.ok ? 0 : 1;
}
