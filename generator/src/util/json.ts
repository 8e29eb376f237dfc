/** JSON helpers: typed values, sorted-key serialisation for deterministic output. */
export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue;
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Recursively sorts object keys so that serialisation does not depend on file order. */
export function sortKeys(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (isObject(value)) {
    const out: JsonObject = {};
    for (const key of Object.keys(value).sort()) out[key] = sortKeys(value[key] as JsonValue);
    return out;
  }
  return value;
}

export function stableStringify(value: JsonValue, indent = 2): string {
  return JSON.stringify(sortKeys(value), null, indent);
}

export function clone<T extends JsonValue>(value: T): T {
  return structuredClone(value);
}
