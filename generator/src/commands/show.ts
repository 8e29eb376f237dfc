/** `chatgen show ID [--json]`: the resolved config, as JSON or as one `path: value` line per leaf. */
import { loadProject } from '../load/project.ts';
import { resolveVariant } from '../resolve/variant.ts';
import { isObject, type JsonValue, stableStringify } from '../util/json.ts';

function lines(path: string, value: JsonValue, out: string[]): void {
  if (isObject(value) && Object.keys(value).length > 0) {
    for (const key of Object.keys(value).sort()) lines(path ? `${path}.${key}` : key, value[key]!, out);
  } else out.push(`${path}: ${JSON.stringify(value)}`);
}

export function runShow(id: string, options: { root: string; json?: boolean }): number {
  const resolved = resolveVariant(loadProject(options.root), id);
  if (options.json) process.stdout.write(`${stableStringify(resolved.config)}\n`);
  else {
    const out: string[] = [];
    lines('', resolved.config, out);
    process.stdout.write(`${out.join('\n')}\n`);
  }
  return 0;
}
