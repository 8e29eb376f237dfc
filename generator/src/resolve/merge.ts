/** Deep merge per docs/variant-format.md: objects merge key by key, the later value wins, arrays replace whole. */
import { clone, isObject, type JsonObject, type JsonValue } from '../util/json.ts';

export function deepMerge(base: JsonObject, override: JsonObject): JsonObject {
  const out: JsonObject = clone(base);
  for (const [key, value] of Object.entries(override)) {
    const current = out[key];
    out[key] = isObject(current) && isObject(value) ? deepMerge(current, value) : clone(value as JsonValue);
  }
  return out;
}
