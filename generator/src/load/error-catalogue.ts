/**
 * The error catalogue of schema/errors.json: code → HTTP status and texts per locale, in its top-level `codes`
 * map (docs/api.md). schema-conventions.md fixes the content but not the place, so without `codes` the reader
 * also accepts the other shapes a JSON Schema can carry it in: an object keyed by code (for example the
 * `default` of a catalogue definition) or a list of `{code|const, ...}` entries (for example a `oneOf`).
 */
import { error, type Problem } from '../problems.ts';
import { isObject, type JsonObject, type JsonValue } from '../util/json.ts';
import { LOCALES, type Locale } from './defaults.ts';
import type { Project } from './project.ts';

export interface ErrorEntry {
  code: string;
  /** Symbolic name the server throws (e.g. INVALID_INPUT); the code itself when the catalogue gives none. */
  name: string;
  httpStatus: number;
  texts: Record<Locale, string>;
}

export interface ErrorCatalogue {
  entries: ErrorEntry[];
  problems: Problem[];
}

const CODE = /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$/;

function textsOf(entry: JsonObject): Partial<Record<Locale, string>> | undefined {
  for (const holder of [entry, entry.texts, entry.messages, entry.message, entry['x-defaults']]) {
    if (isObject(holder) && typeof holder.en_US === 'string') {
      const out: Partial<Record<Locale, string>> = {};
      for (const locale of LOCALES) if (typeof holder[locale] === 'string') out[locale] = holder[locale] as string;
      return out;
    }
  }
  return typeof entry.message === 'string' ? { en_US: entry.message } : undefined;
}

function statusOf(entry: JsonObject): number | undefined {
  for (const holder of [entry, entry['x-defaults']]) {
    if (!isObject(holder)) continue;
    for (const key of ['httpStatus', 'x-http-status', 'status']) if (typeof holder[key] === 'number') return holder[key] as number;
  }
  return undefined;
}

function toEntry(code: string, value: JsonObject): ErrorEntry | undefined {
  const texts = textsOf(value);
  if (!texts?.en_US) return undefined;
  return {
    code,
    name: typeof value.name === 'string' ? value.name : code,
    httpStatus: statusOf(value) ?? 400,
    texts: { en_US: texts.en_US, zh_TW: texts.zh_TW ?? texts.en_US, zh_CN: texts.zh_CN ?? texts.zh_TW ?? texts.en_US },
  };
}

/** Finds the largest catalogue-shaped value in the file. */
function findCatalogue(node: JsonValue, best: ErrorEntry[] = []): ErrorEntry[] {
  let found = best;
  if (Array.isArray(node)) {
    const entries = node.flatMap((item) => {
      if (!isObject(item)) return [];
      const code = typeof item.code === 'string' ? item.code : typeof item.const === 'string' ? item.const : undefined;
      const entry = code && CODE.test(code) ? toEntry(code, item) : undefined;
      return entry ? [entry] : [];
    });
    if (entries.length > found.length && entries.length === node.length) found = entries;
    for (const item of node) found = findCatalogue(item, found);
  } else if (isObject(node)) {
    const keys = Object.keys(node);
    if (keys.length > 0 && keys.every((k) => CODE.test(k))) {
      const entries = keys.flatMap((k) => {
        const value = node[k];
        const entry = isObject(value) ? toEntry(k, value) : undefined;
        return entry ? [entry] : [];
      });
      if (entries.length === keys.length && entries.length > found.length) found = entries;
    }
    for (const key of keys) found = findCatalogue(node[key] as JsonValue, found);
  }
  return found;
}

export function readErrorCatalogue(project: Project): ErrorCatalogue {
  const schema = project.schemas.get('errors.json');
  if (!schema) return { entries: [], problems: [] };
  const codes = schema.json.codes;
  const entries = findCatalogue(isObject(codes) ? { codes } : schema.json).sort((a, b) => (a.code < b.code ? -1 : 1));
  const problems: Problem[] = [];
  if (entries.length === 0) {
    problems.push(error(schema.file, '', 'no error catalogue found (entries of code, httpStatus and en_US/zh_TW/zh_CN texts)'));
  }
  return { entries, problems };
}
