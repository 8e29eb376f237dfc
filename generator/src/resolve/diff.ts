/** Differences between two resolved variants, over every section, with the file that set each side. */
import { isObject, type JsonObject, type JsonValue } from '../util/json.ts';
import { pointerSegment } from '../problems.ts';

/** Sections in the order a build engineer reads them; sections not listed follow in alphabetical order. */
export const DIFF_SECTIONS = [
  'title',
  'version',
  'buildVersion',
  'environment',
  'flags',
  'login',
  'layout',
  'server',
  'links',
  'chatbotPhone',
  'theme',
  'wording',
  'constants',
] as const;

/** Never compared: it is what tells the two apart. */
const IGNORED = new Set(['id']);

export interface Difference {
  /** Dotted path (`server.framePolicy`). */
  path: string;
  a: JsonValue | undefined;
  b: JsonValue | undefined;
  /** The file that set each side (see resolve/provenance.ts); absent when that side has no value. */
  aSetBy?: string;
  bSetBy?: string;
}

export interface Sources {
  a?: Record<string, string>;
  b?: Record<string, string>;
}

function walk(path: string, pointer: string, a: JsonValue | undefined, b: JsonValue | undefined, sources: Sources, out: Difference[]): void {
  if (isObject(a) && isObject(b)) {
    for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
      walk(path ? `${path}.${key}` : key, `${pointer}/${pointerSegment(key)}`, a[key], b[key], sources, out);
    }
    return;
  }
  if (JSON.stringify(a) === JSON.stringify(b)) return;
  const difference: Difference = { path, a, b };
  const aSetBy = a === undefined ? undefined : sourceOf(sources.a, pointer);
  const bSetBy = b === undefined ? undefined : sourceOf(sources.b, pointer);
  if (aSetBy) difference.aSetBy = aSetBy;
  if (bSetBy) difference.bSetBy = bSetBy;
  out.push(difference);
}

/** The source of a value: of the leaf itself, or (for an object compared with a scalar) of its first leaf. */
function sourceOf(setBy: Record<string, string> | undefined, pointer: string): string | undefined {
  if (!setBy) return undefined;
  return setBy[pointer] ?? Object.entries(setBy).find(([p]) => p.startsWith(`${pointer}/`))?.[1];
}

export function diffResolved(a: JsonObject, b: JsonObject, sources: Sources = {}): Difference[] {
  const out: Difference[] = [];
  const rest = [...new Set([...Object.keys(a), ...Object.keys(b)])]
    .filter((k) => !(DIFF_SECTIONS as readonly string[]).includes(k) && !IGNORED.has(k))
    .sort();
  for (const section of [...DIFF_SECTIONS, ...rest]) walk(section, `/${pointerSegment(section)}`, a[section], b[section], sources, out);
  return out;
}

export function formatValue(value: JsonValue | undefined): string {
  return value === undefined ? '(unset)' : JSON.stringify(value);
}
