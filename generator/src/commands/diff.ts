/** `chatgen diff A B`: lines `path: A-value → B-value` for every resolved value that differs. */
import { readDefaults } from '../load/defaults.ts';
import { loadProject } from '../load/project.ts';
import { diffResolved, formatValue } from '../resolve/diff.ts';
import { resolveVariant } from '../resolve/variant.ts';

export function runDiff(a: string, b: string, options: { root: string }): number {
  const project = loadProject(options.root);
  const defaults = readDefaults(project);
  const differences = diffResolved(resolveVariant(project, a, defaults).config, resolveVariant(project, b, defaults).config);
  for (const d of differences) process.stdout.write(`${d.path}: ${formatValue(d.a)} → ${formatValue(d.b)}\n`);
  process.stderr.write(`${differences.length} difference(s) between ${a} and ${b}\n`);
  return 0;
}
