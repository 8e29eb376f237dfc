/** `chatgen generate [--check]` */
import { compareGenerated, renderGenerated, writeGenerated } from '../emit/index.ts';
import { loadProject } from '../load/project.ts';

export async function runGenerate(options: { root: string; check?: boolean }): Promise<number> {
  const project = loadProject(options.root);
  const files = await renderGenerated(project);
  if (options.check) {
    const result = compareGenerated(project.root, files);
    for (const f of result.stale) process.stdout.write(`stale: ${f}\n`);
    for (const f of result.missing) process.stdout.write(`missing: ${f}\n`);
    for (const f of result.extra) process.stdout.write(`extra: ${f}\n`);
    if (!result.upToDate) {
      process.stderr.write('generated/ is out of date: run chatgen generate\n');
      return 1;
    }
    process.stderr.write(`generated/ is up to date (${files.size} files)\n`);
    return 0;
  }
  const result = writeGenerated(project.root, files);
  const changed = result.stale.length + result.missing.length + result.extra.length;
  process.stderr.write(`generated/: ${files.size} files, ${changed} changed\n`);
  return 0;
}
