/** `chatgen generate [--check] [--json]` */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generatedFiles } from '../emit/generate-cache.ts';
import { compareGenerated, GENERATED_DIR, writeGenerated } from '../emit/write.ts';
import { loadProject } from '../load/project.ts';
import { log, out } from '../log.ts';
import { unifiedDiff } from '../util/line-diff.ts';

/** Lines of diff shown per stale file; `--json` carries the same. */
const DIFF_LINES_PER_FILE = 200;

export async function runGenerate(options: { root: string; check?: boolean; json?: boolean }): Promise<number> {
  const project = loadProject(options.root);
  const files = await generatedFiles(project);
  if (!options.check) {
    const result = writeGenerated(project.root, files);
    const changed = [...result.stale, ...result.missing, ...result.extra];
    for (const f of changed) log.debug(`wrote ${f}`);
    if (options.json) out(JSON.stringify({ files: files.size, written: [...result.stale, ...result.missing], removed: result.extra }, null, 2));
    log.info(`generated/: ${files.size} files, ${changed.length} changed`);
    return 0;
  }
  const result = compareGenerated(project.root, files);
  const stale = result.stale.map((file) => {
    const onDisk = readFileSync(join(project.root, file), 'utf8');
    const wanted = files.get(file.slice(GENERATED_DIR.length + 1))!;
    return { file, diff: unifiedDiff(file, onDisk, wanted, { maxLines: DIFF_LINES_PER_FILE }) };
  });
  if (options.json) {
    out(JSON.stringify({ upToDate: result.upToDate, files: files.size, stale, missing: result.missing, extra: result.extra }, null, 2));
  } else {
    for (const { file, diff } of stale) {
      out(`stale: ${file}`);
      for (const line of diff) out(line);
    }
    for (const f of result.missing) out(`missing: ${f}`);
    for (const f of result.extra) out(`extra: ${f}`);
  }
  if (!result.upToDate) {
    log.info(`generated/ is out of date (${stale.length} stale, ${result.missing.length} missing, ${result.extra.length} extra): run chatgen generate`);
    return 1;
  }
  log.info(`generated/ is up to date (${files.size} files)`);
  return 0;
}
