/** `chatgen diff A B [--json] [--exit-code]`: every resolved value that differs, and which file set each side. */
import { readDefaults } from '../load/defaults.ts';
import { loadProject } from '../load/project.ts';
import { log, out } from '../log.ts';
import { diffResolved, formatValue } from '../resolve/diff.ts';
import { resolveVariant } from '../resolve/variant.ts';

export interface DiffCommandOptions {
  root: string;
  json?: boolean;
  /** Exit 1 when the variants differ (as `git diff --exit-code`). */
  exitCode?: boolean;
}

export function runDiff(a: string, b: string, options: DiffCommandOptions): number {
  const project = loadProject(options.root);
  const defaults = readDefaults(project);
  const left = resolveVariant(project, a, defaults);
  const right = resolveVariant(project, b, defaults);
  const differences = diffResolved(left.config, right.config, { a: left.setBy, b: right.setBy });
  if (options.json) {
    out(JSON.stringify({ a, b, same: differences.length === 0, differences }, null, 2));
  } else {
    for (const d of differences) {
      const from = d.aSetBy ?? '(unset)';
      const to = d.bSetBy ?? '(unset)';
      out(`${d.path}: ${formatValue(d.a)} → ${formatValue(d.b)}  (${from === to ? from : `${from} → ${to}`})`);
    }
  }
  log.info(`${differences.length} difference(s) between ${a} and ${b}`);
  return options.exitCode && differences.length > 0 ? 1 : 0;
}
