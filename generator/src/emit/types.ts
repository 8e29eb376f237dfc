/**
 * generated/types/index.ts: every definition of every schema file in one namespace, via json-schema-to-typescript.
 * Cross-file `$ref`s are rewritten to local `#/definitions/Name` refs first (names are unique project-wide).
 */
import { compile, type JSONSchema } from 'json-schema-to-typescript';
import type { Contract } from '../load/contract.ts';
import type { Project, SchemaFile } from '../load/project.ts';
import { resolveRef } from '../load/refs.ts';
import { clone, isObject, type JsonObject, type JsonValue } from '../util/json.ts';
import { TS_HEADER } from './render.ts';

/** Keywords of a schema whose values are schemas or maps/lists of schemas (so `title` in them is a schema title). */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions']);
const SCHEMA_VALUES = new Set(['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'additionalItems']);
const SCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf', 'items']);

interface RewriteContext {
  project: Project;
  contract: Contract;
  file: SchemaFile;
}

function localRef(ctx: RewriteContext, ref: string): string {
  const target = resolveRef(ctx.project, ctx.file, ref);
  if (!target) return ref;
  const match = target.pointer.match(/^\/definitions\/([^/]+)(.*)$/);
  if (match) return `#/definitions/${match[1]}${match[2]}`;
  const rootName = ctx.contract.index.rootNames.get(target.schema.rel);
  return rootName ? `#/definitions/${rootName}${target.pointer}` : ref;
}

/**
 * Rewrites refs and drops every `title` (keeping it as the description): json-schema-to-typescript names a type
 * after its title before its definition key, and titles would also be copied into every `$ref` with siblings.
 */
function rewriteSchema(ctx: RewriteContext, node: JsonObject, isDefinition = false): JsonObject {
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$schema' || key === '$id' || key === 'definitions' || key === 'title') continue;
    if (key === '$ref' && typeof value === 'string') out.$ref = localRef(ctx, value);
    else if (SCHEMA_MAPS.has(key) && isObject(value)) {
      const map: JsonObject = {};
      for (const [k, v] of Object.entries(value)) map[k] = isObject(v) ? rewriteSchema(ctx, v) : v;
      out[key] = map;
    } else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) {
      out[key] = value.map((v) => (isObject(v) ? rewriteSchema(ctx, v) : v));
    } else if (SCHEMA_VALUES.has(key) && isObject(value)) out[key] = rewriteSchema(ctx, value);
    else out[key] = clone(value as JsonValue);
  }
  // Draft-07 ignores the siblings of `$ref`; json-schema-to-typescript would turn them into a copy of the
  // referenced type (Account1, Message1, ...), so a nested `$ref` stays a bare reference. A definition that is
  // only a `$ref` keeps its description, which makes it a named alias (CreateSelfRoomResponse = ...).
  if (typeof out.$ref === 'string' && !isDefinition) return { $ref: out.$ref };
  if (typeof node.title === 'string' && typeof node.description !== 'string') out.description = node.title;
  inheritBranchType(out);
  return out;
}

const SHAPE_KEYWORDS = ['type', '$ref', 'properties', 'items', 'enum', 'const', 'anyOf', 'oneOf', 'allOf'];

/**
 * `{"type":"string","anyOf":[{"format":"uri"},{"maxLength":0}]}`: json-schema-to-typescript reads the type-less
 * branches as open objects and emits `{[k: string]: unknown} & string`. A branch that only adds constraints has
 * its parent's type, so it is given that type explicitly.
 */
function inheritBranchType(node: JsonObject): void {
  if (node.type === undefined) return;
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    const branches = node[key];
    if (!Array.isArray(branches)) continue;
    for (const branch of branches) {
      if (isObject(branch) && !SHAPE_KEYWORDS.some((k) => k in branch)) branch.type = clone(node.type);
    }
  }
}

const LOCAL_REF = /^#\/definitions\/([^/]+)$/;

/**
 * Definitions that only name another (`{"$ref": ..., "description": ...}`, e.g. every call answering
 * EmptyResponse) become `export type Name = Target` aliases: json-schema-to-typescript would emit a numbered
 * copy of the target for each of them instead.
 */
function extractAliases(definitions: JsonObject): Map<string, string> {
  const direct = new Map<string, string>();
  for (const [name, def] of Object.entries(definitions)) {
    if (!isObject(def) || typeof def.$ref !== 'string') continue;
    const target = LOCAL_REF.exec(def.$ref)?.[1];
    if (target && Object.keys(def).every((key) => key === '$ref' || key === 'description' || key.startsWith('x-'))) direct.set(name, target);
  }
  const resolve = (name: string, seen = new Set<string>()): string => {
    const next = direct.get(name);
    if (!next || seen.has(name)) return name;
    seen.add(name);
    return resolve(next, seen);
  };
  return new Map([...direct.keys()].map((name) => [name, resolve(name)]));
}

/** Points every local `$ref` at an alias to the alias's final target. */
function retarget(node: JsonValue, aliases: Map<string, string>): void {
  if (Array.isArray(node)) node.forEach((item) => retarget(item, aliases));
  else if (isObject(node)) {
    const target = typeof node.$ref === 'string' ? LOCAL_REF.exec(node.$ref)?.[1] : undefined;
    if (target && aliases.has(target)) node.$ref = `#/definitions/${aliases.get(target)}`;
    for (const value of Object.values(node)) retarget(value as JsonValue, aliases);
  }
}

export function bundleSchemas(project: Project, contract: Contract): { schema: JsonObject; aliases: Map<string, string> } {
  const definitions: JsonObject = {};
  for (const file of [...project.schemas.values()].sort((a, b) => (a.rel < b.rel ? -1 : 1))) {
    const ctx: RewriteContext = { project, contract, file };
    const defs = file.json.definitions;
    if (isObject(defs)) {
      for (const name of Object.keys(defs)) {
        const def = defs[name];
        if (isObject(def) && !(name in definitions)) definitions[name] = rewriteSchema(ctx, def, true);
      }
    }
    const rootName = contract.index.rootNames.get(file.rel);
    if (rootName) {
      const root: JsonObject = {};
      for (const [key, value] of Object.entries(file.json)) if (!key.startsWith('x-')) root[key] = value;
      definitions[rootName] = rewriteSchema(ctx, root, true);
    }
  }
  const aliases = extractAliases(definitions);
  for (const name of aliases.keys()) delete definitions[name];
  retarget(definitions, aliases);
  const names = Object.keys(definitions).sort();
  const sorted: JsonObject = {};
  for (const name of names) sorted[name] = definitions[name]!;
  // The root is a registry `{Name: Name}` so that `SchemaTypes['Message']` names every generated type.
  const properties: JsonObject = {};
  for (const name of names) properties[name] = { $ref: `#/definitions/${name}` };
  return {
    schema: {
      title: 'SchemaTypes',
      description: 'Every type generated from schema/, by definition name.',
      type: 'object',
      additionalProperties: false,
      required: names,
      properties,
      definitions: sorted,
    },
    aliases,
  };
}

export async function emitTypes(project: Project, contract: Contract): Promise<Map<string, string>> {
  const { schema: bundle, aliases } = bundleSchemas(project, contract);
  const ts = await compile(bundle as JSONSchema, 'SchemaTypes', {
    bannerComment: `${TS_HEADER}\n// Types of every entity, payload, realtime message and error code of schema/.`,
    // Responses stay open on the wire (the validators accept more fields), but the types list the declared
    // fields only: an index signature would make every field `unknown` to Omit/Pick in client code.
    additionalProperties: false,
    unreachableDefinitions: true,
    declareExternallyReferenced: true,
    format: false,
    strictIndexSignatures: false,
    cwd: project.root,
    $refOptions: { resolve: { external: false } },
  });
  const aliasLines = [...aliases.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, target]) => `export type ${name} = ${target};`);
  const body = ts.replace(/[ \t]+$/gm, '').replace(/\n+$/, '');
  return new Map([['types/index.ts', `${body}\n\n// Definitions that only name another type.\n${aliasLines.join('\n')}\n`]]);
}
