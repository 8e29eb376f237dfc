/** `chatgen list`: one line per variant with title, extends and environment (resolved values). */
import { readDefaults } from '../load/defaults.ts';
import { loadProject } from '../load/project.ts';
import { extendsChain } from '../resolve/chain.ts';
import { resolveVariant } from '../resolve/variant.ts';

export interface ListRow {
  id: string;
  title: string;
  extends: string;
  environment: string;
}

export function listVariants(root: string): ListRow[] {
  const project = loadProject(root);
  const defaults = readDefaults(project);
  return [...project.variants.keys()].sort().map((id) => {
    const raw = project.variants.get(id)!.json;
    const parent = typeof raw.extends === 'string' ? raw.extends : '';
    // A broken chain still lists the variant with what its own file says.
    const doc = extendsChain(project, id).ok ? resolveVariant(project, id, defaults).config : raw;
    return {
      id,
      title: typeof doc.title === 'string' ? doc.title : '',
      extends: parent,
      environment: typeof doc.environment === 'string' ? doc.environment : '',
    };
  });
}

export function formatTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]): string => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

export function runList(options: { root: string; json?: boolean }): number {
  const rows = listVariants(options.root);
  if (options.json) process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
  else {
    const table = formatTable(
      ['ID', 'TITLE', 'EXTENDS', 'ENVIRONMENT'],
      rows.map((r) => [r.id, r.title, r.extends || '-', r.environment]),
    );
    process.stdout.write(`${table}\n`);
  }
  return 0;
}
