// Loads every JSON Schema under schema/ into one strict ajv instance.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';

export const SCHEMA_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../schema');
export const SCHEMA_BASE = 'https://chatgen.dev/schema/';

/** Files written by the flags/theme/variant work: compiled, but not part of the API contract checks. */
export const NON_API_FILES = new Set([
  'flags.json',
  'theme.schema.json',
  'constants.schema.json',
  'wording.schema.json',
  'variant.schema.json',
]);

/** Extra keywords of docs/schema-conventions.md, plus `codes` (the error catalogue map of errors.json). */
export const CONVENTION_KEYWORDS = ['x-inferred', 'x-seed', 'x-endpoints', 'x-group', 'x-realtime', 'x-flag-group', 'x-error', 'x-error-missing', 'codes'];

export type JsonObject = { [key: string]: unknown };

export interface SchemaDoc {
  /** Path relative to schema/, with forward slashes. */
  rel: string;
  doc: JsonObject;
}

export interface Endpoint {
  name: string;
  path: string;
  access: 'public' | 'secured' | 'test';
  summary: string;
  request: string;
  response: string;
  multipart: boolean;
  returnsFile: boolean;
  testOnly: boolean;
  encryptedByDefault: boolean;
  method?: string;
  'x-inferred'?: boolean;
  group: string;
  file: string;
}

export interface LoadedSchemas {
  ajv: Ajv;
  docs: SchemaDoc[];
  /** Keywords starting with x- found in the files beyond the conventions (registered so strict mode accepts them). */
  extraKeywords: string[];
}

export function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function listJson(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listJson(full));
    else if (entry.isFile() && entry.name.endsWith('.json')) out.push(full);
  }
  return out.sort();
}

function collectXKeys(node: unknown, into: Set<string>): void {
  if (Array.isArray(node)) {
    for (const v of node) collectXKeys(v, into);
  } else if (isObject(node)) {
    for (const [k, v] of Object.entries(node)) {
      if (k.startsWith('x-')) into.add(k);
      collectXKeys(v, into);
    }
  }
}

export function readSchemaDocs(root: string = SCHEMA_ROOT): SchemaDoc[] {
  return listJson(root).map((file) => {
    const rel = path.relative(root, file).split(path.sep).join('/');
    const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (!isObject(parsed)) throw new Error(`${rel}: not a JSON object`);
    return { rel, doc: parsed };
  });
}

export function loadSchemas(root: string = SCHEMA_ROOT): LoadedSchemas {
  const docs = readSchemaDocs(root);
  const ajv = new Ajv({ strict: true, allErrors: true });
  addFormats(ajv);
  const found = new Set<string>();
  for (const { doc } of docs) collectXKeys(doc, found);
  const extraKeywords = [...found].filter((k) => !CONVENTION_KEYWORDS.includes(k)).sort();
  for (const keyword of [...CONVENTION_KEYWORDS, ...extraKeywords]) ajv.addKeyword({ keyword });
  for (const { rel, doc } of docs) {
    const id = typeof doc.$id === 'string' ? doc.$id : SCHEMA_BASE + rel;
    ajv.addSchema(doc, id);
  }
  return { ajv, docs, extraKeywords };
}

export function schemaId(rel: string): string {
  return SCHEMA_BASE + rel;
}

export function definitionsOf(doc: JsonObject): JsonObject {
  return isObject(doc.definitions) ? doc.definitions : {};
}

export function endpointsOf(docs: SchemaDoc[]): Endpoint[] {
  const out: Endpoint[] = [];
  for (const { rel, doc } of docs) {
    if (!rel.startsWith('endpoints/')) continue;
    const list = doc['x-endpoints'];
    if (!Array.isArray(list)) throw new Error(`${rel}: no x-endpoints array`);
    const group = typeof doc['x-group'] === 'string' ? doc['x-group'] : '';
    for (const e of list) {
      if (!isObject(e)) throw new Error(`${rel}: endpoint is not an object`);
      out.push({ ...(e as unknown as Omit<Endpoint, 'group' | 'file'>), group, file: rel });
    }
  }
  return out;
}

/** Resolves a `$ref` string relative to the schema file `rel` into {rel, pointer}. */
export function resolveRef(ref: string, rel: string): { rel: string; pointer: string } {
  const [filePart = '', pointer = ''] = ref.split('#');
  const target = filePart === '' ? rel : path.posix.normalize(path.posix.join(path.posix.dirname(rel), filePart));
  return { rel: target, pointer };
}

export function atPointer(doc: JsonObject, pointer: string): unknown {
  let node: unknown = doc;
  for (const raw of pointer.split('/').filter((p) => p !== '')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObject(node)) return undefined;
    node = node[key];
  }
  return node;
}
