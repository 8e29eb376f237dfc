/** Differences between two resolved variants in the sections a build engineer compares. */
import { isObject, type JsonObject, type JsonValue } from '../util/json.ts';

export const DIFF_SECTIONS = ['flags', 'theme', 'wording', 'constants', 'links', 'layout'] as const;

export interface Difference {
  path: string;
  a: JsonValue | undefined;
  b: JsonValue | undefined;
}

function walk(path: string, a: JsonValue | undefined, b: JsonValue | undefined, out: Difference[]): void {
  if (isObject(a) && isObject(b)) {
    for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) walk(`${path}.${key}`, a[key], b[key], out);
    return;
  }
  if (JSON.stringify(a) !== JSON.stringify(b)) out.push({ path, a, b });
}

export function diffResolved(a: JsonObject, b: JsonObject): Difference[] {
  const out: Difference[] = [];
  for (const section of DIFF_SECTIONS) walk(section, a[section], b[section], out);
  return out;
}

export function formatValue(value: JsonValue | undefined): string {
  return value === undefined ? '(unset)' : JSON.stringify(value);
}
