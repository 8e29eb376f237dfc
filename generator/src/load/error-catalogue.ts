/**
 * The error catalogue of schema/errors.json: its top-level `codes` map, code → symbolic name, HTTP status and
 * texts per locale (docs/schema-conventions.md).
 */
import { error, type Problem } from '../problems.ts';
import { isObject, type JsonObject } from '../util/json.ts';
import { LOCALES, type Locale } from './defaults.ts';
import type { Project } from './project.ts';

export interface ErrorEntry {
  code: string;
  /** Symbolic name the server throws (e.g. INVALID_INPUT). */
  name: string;
  httpStatus: number;
  texts: Record<Locale, string>;
}

export interface ErrorCatalogue {
  entries: ErrorEntry[];
  problems: Problem[];
}

const CODE = /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$/;
const NAME = /^[A-Z][A-Z0-9_]*$/;

function toEntry(code: string, value: JsonObject, file: string, problems: Problem[]): ErrorEntry | undefined {
  const where = `/codes/${code}`;
  const missing = [
    ...(typeof value.name === 'string' && NAME.test(value.name) ? [] : ['name']),
    ...(typeof value.httpStatus === 'number' ? [] : ['httpStatus']),
    ...LOCALES.filter((locale) => typeof value[locale] !== 'string'),
  ];
  if (!CODE.test(code)) problems.push(error(file, where, `${code} is not an error code like UI_IM_E1000`));
  if (missing.length > 0) problems.push(error(file, where, `missing or invalid: ${missing.join(', ')}`));
  if (!CODE.test(code) || missing.length > 0) return undefined;
  const texts = Object.fromEntries(LOCALES.map((locale) => [locale, value[locale] as string])) as Record<Locale, string>;
  return { code, name: value.name as string, httpStatus: value.httpStatus as number, texts };
}

export function readErrorCatalogue(project: Project): ErrorCatalogue {
  const schema = project.schemas.get('errors.json');
  if (!schema) return { entries: [], problems: [] };
  const problems: Problem[] = [];
  const codes = schema.json.codes;
  if (!isObject(codes)) {
    return { entries: [], problems: [error(schema.file, '/codes', 'the error catalogue needs a top-level "codes" map')] };
  }
  const entries = Object.entries(codes)
    .flatMap(([code, value]) => {
      const entry = isObject(value) ? toEntry(code, value, schema.file, problems) : undefined;
      return entry ? [entry] : [];
    })
    .sort((a, b) => (a.code < b.code ? -1 : 1));
  const names = new Set<string>();
  for (const entry of entries) {
    if (names.has(entry.name)) problems.push(error(schema.file, `/codes/${entry.code}/name`, `${entry.name} is used twice`));
    names.add(entry.name);
  }
  return { entries, problems };
}
