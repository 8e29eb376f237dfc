// Loading, compiling and resolving the variant documents for the variant tests.
// Resolution follows docs/variant-format.md: walk the extends chain from the root, deep-merge objects
// (a child's value wins, arrays replace whole), then fill the defaults of the schemas.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SCHEMA_DIR = join(ROOT, 'schema');
export const VARIANT_DIR = join(ROOT, 'variants');
export const LOCALES = ['en_US', 'zh_TW', 'zh_CN'] as const;
export const SCHEMA_FILES = [
  'flags.json',
  'theme.schema.json',
  'constants.schema.json',
  'wording.schema.json',
  'variant.schema.json',
] as const;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };
export type SchemaNode = {
  type?: string | string[];
  default?: Json;
  description?: string;
  properties?: Record<string, SchemaNode>;
  definitions?: Record<string, SchemaNode>;
  enum?: Json[];
  $ref?: string;
  'x-flag-group'?: string;
  'x-defaults'?: Record<string, string>;
  [key: string]: unknown;
};

export function readJson<T = JsonObject>(path: string): T {
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

export function loadSchema(file: (typeof SCHEMA_FILES)[number]): SchemaNode {
  return readJson<SchemaNode>(join(SCHEMA_DIR, file));
}

export function createAjv(): Ajv {
  const ajv = new Ajv({ strict: true, allErrors: true });
  addFormats(ajv);
  for (const keyword of ['x-inferred', 'x-seed', 'x-flag-group', 'x-defaults', 'x-requires', 'x-requires-value', 'x-expected', 'x-resolved-required']) ajv.addKeyword(keyword);
  for (const file of SCHEMA_FILES) ajv.addSchema(readJson(join(SCHEMA_DIR, file)));
  return ajv;
}

export function variantFiles(): string[] {
  return readdirSync(VARIANT_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort();
}

export function loadVariants(): Map<string, JsonObject> {
  const map = new Map<string, JsonObject>();
  for (const file of variantFiles()) map.set(file.slice(0, -'.json'.length), readJson(join(VARIANT_DIR, file)));
  return map;
}

export function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Builds the object of `default`s of every leaf under an object schema. */
export function defaultsOf(schema: SchemaNode): JsonObject {
  const out: JsonObject = {};
  for (const [k, s] of Object.entries(schema.properties ?? {})) {
    if (s.type === 'object' && s.properties) out[k] = defaultsOf(s);
    else if (s.default !== undefined) out[k] = s.default;
  }
  return out;
}

/** Leaves (path, schema) of an object schema; objects with properties are walked. */
export function leavesOf(schema: SchemaNode, prefix = ''): Array<[string, SchemaNode]> {
  const out: Array<[string, SchemaNode]> = [];
  for (const [k, s] of Object.entries(schema.properties ?? {})) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (s.type === 'object' && s.properties) out.push(...leavesOf(s, path));
    else out.push([path, s]);
  }
  return out;
}

/** WCAG 2.1 contrast ratio of two #RRGGBB colours. */
export function contrast(a: string, b: string): number {
  const lum = (hex: string): number => {
    const c = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
    const [r, g, bl] = c.map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}
