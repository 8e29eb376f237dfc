// The contract tests' view of schema/: read and compiled by the generator's loader (never a second loader), plus
// the raw `x-endpoints` entries the seed-coverage checks read field by field.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Ajv } from 'ajv';
import { loadProject, SCHEMA_ID_BASE, type Project } from '../../generator/src/load/project.ts';
import { atPointer as atJsonPointer } from '../../generator/src/load/refs.ts';
import { createAjv } from '../../generator/src/validate/ajv.ts';

export const SCHEMA_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../schema');
export const SCHEMA_BASE = SCHEMA_ID_BASE;

/** Files written by the flags/theme/variant work: compiled, but not part of the API contract checks. */
export const NON_API_FILES = new Set([
  'flags.json',
  'theme.schema.json',
  'constants.schema.json',
  'wording.schema.json',
  'variant.schema.json',
]);

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
  /** The room policy (RoomPolicyKey) that must allow the caller, for calls a room's policy can forbid. */
  'x-room-policy'?: string;
  group: string;
  file: string;
}

export interface LoadedSchemas {
  ajv: Ajv;
  docs: SchemaDoc[];
}

export function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** schema/ read by the generator's own loader, so the tests see exactly what `chatgen` sees. */
function loadSchemaProject(root: string): Project {
  const project = loadProject(path.dirname(root));
  const errors = project.loadProblems.filter((problem) => problem.severity === 'error' && problem.file.startsWith('schema/'));
  if (errors.length > 0) throw new Error(errors.map((problem) => `${problem.file}${problem.path}: ${problem.message}`).join('\n'));
  return project;
}

export function readSchemaDocs(root: string = SCHEMA_ROOT): SchemaDoc[] {
  return [...loadSchemaProject(root).schemas.values()]
    .map((schema) => ({ rel: schema.rel, doc: schema.json as JsonObject }))
    .sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
}

/** The generator's ajv set-up (the one the server's validators are compiled with) over every schema file. */
export function loadSchemas(root: string = SCHEMA_ROOT): LoadedSchemas {
  const project = loadSchemaProject(root);
  const { ajv, problems } = createAjv(project);
  if (problems.length > 0) throw new Error(problems.map((problem) => `${problem.file}: ${problem.message}`).join('\n'));
  const docs = [...project.schemas.values()].map((schema) => ({ rel: schema.rel, doc: schema.json as JsonObject }));
  return { ajv, docs };
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
  return atJsonPointer(doc, pointer);
}
