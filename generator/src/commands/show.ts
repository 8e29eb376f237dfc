/** `chatgen show ID [--json] [--sources]`: the resolved config, one `path: value  (file)` line per leaf, or JSON. */
import { loadProject } from '../load/project.ts';
import { out } from '../log.ts';
import { pointerSegment } from '../problems.ts';
import { resolveVariant } from '../resolve/variant.ts';
import { isObject, type JsonObject, type JsonValue, stableStringify } from '../util/json.ts';

interface Leaf {
  path: string;
  pointer: string;
  value: JsonValue;
}

function leaves(path: string, pointer: string, value: JsonValue, list: Leaf[]): void {
  if (isObject(value) && Object.keys(value).length > 0) {
    for (const key of Object.keys(value).sort()) {
      leaves(path ? `${path}.${key}` : key, `${pointer}/${pointerSegment(key)}`, value[key]!, list);
    }
  } else list.push({ path, pointer, value });
}

export function runShow(id: string, options: { root: string; json?: boolean; sources?: boolean }): number {
  const resolved = resolveVariant(loadProject(options.root), id);
  const list: Leaf[] = [];
  leaves('', '', resolved.config, list);
  if (options.json) {
    if (!options.sources) {
      out(stableStringify(resolved.config));
      return 0;
    }
    const setBy: JsonObject = {};
    for (const leaf of list) setBy[leaf.path] = resolved.setBy[leaf.pointer] ?? null;
    out(stableStringify({ id, chain: resolved.chain, config: resolved.config, setBy }));
    return 0;
  }
  for (const leaf of list) out(`${leaf.path}: ${JSON.stringify(leaf.value)}  (${resolved.setBy[leaf.pointer] ?? 'unknown'})`);
  return 0;
}
