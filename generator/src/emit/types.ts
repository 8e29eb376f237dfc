/**
 * generated/types/: the types of every definition of schema/, via json-schema-to-typescript, one module per schema
 * file (types/entities/room.ts for schema/entities/room.json) and index.ts re-exporting them all. The schema is
 * compiled as one bundle (cross-file `$ref`s rewritten to local `#/definitions/Name` refs first; names are unique
 * project-wide), then each type goes to the module of the file that defines it, importing what it names from the
 * others. Formatted with Prettier.
 */
import { compile, type JSONSchema } from 'json-schema-to-typescript';
import { format } from 'prettier';
import { ts } from 'ts-morph';
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

const COMPILE_OPTIONS = {
  bannerComment: '',
  // Responses stay open on the wire (the validators accept more fields), but the types list the declared
  // fields only: an index signature would make every field `unknown` to Omit/Pick in client code.
  additionalProperties: false,
  unreachableDefinitions: true,
  declareExternallyReferenced: true,
  format: false,
  strictIndexSignatures: false,
  $refOptions: { resolve: { external: false } },
} as const;

const DEFINITION_MARK = /via the `definition` "(\w+)"/;

/** `entities/room.json` → `entities/room` (the module path under types/). */
const moduleOf = (rel: string) => rel.replace(/\.json$/, '').replace(/\.schema$/, '');

/** The schema file (as a module path) that defines each definition name, root types included. */
function homes(contract: Contract): Map<string, string> {
  const home = new Map<string, string>();
  for (const [name, entry] of contract.index.byName) home.set(name, moduleOf(entry.schema.rel));
  for (const [rel, name] of contract.index.rootNames) home.set(name, moduleOf(rel));
  return home;
}

function relativeImport(from: string, to: string): string {
  const fromParts = from.split('/').slice(0, -1);
  const toParts = to.split('/');
  let common = 0;
  while (common < fromParts.length && fromParts[common] === toParts[common]) common++;
  const up = fromParts.slice(common).map(() => '..');
  const path = [...up, ...toParts.slice(common)].join('/');
  return `${up.length === 0 ? './' : ''}${path}.ts`;
}

interface TypeStatement {
  name: string;
  text: string;
  /** Type names the statement refers to. */
  uses: Set<string>;
}

function typeStatements(source: string): TypeStatement[] {
  const file = ts.createSourceFile('types.ts', source, ts.ScriptTarget.Latest, true);
  const out: TypeStatement[] = [];
  for (const statement of file.statements) {
    if (!ts.isInterfaceDeclaration(statement) && !ts.isTypeAliasDeclaration(statement)) continue;
    const uses = new Set<string>();
    const visit = (node: ts.Node): void => {
      if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName)) uses.add(node.typeName.text);
      if (ts.isExpressionWithTypeArguments(node) && ts.isIdentifier(node.expression)) uses.add(node.expression.text);
      ts.forEachChild(node, visit);
    };
    visit(statement);
    out.push({ name: statement.name.text, text: statement.getFullText(file).trim(), uses });
  }
  return out;
}

/** The compiler's note naming the bundle's root, which the split modules do not have. */
const BUNDLE_NOTE = /\n \*\n \* This interface was referenced by `SchemaTypes`'s JSON-Schema\n \* via the `definition` "\w+"\./;

function withoutBundleNote(statement: TypeStatement): TypeStatement {
  return { ...statement, text: statement.text.replace(BUNDLE_NOTE, '') };
}


/** Generated code reads like hand-written code: Prettier with the project's line width. */
async function formatted(text: string): Promise<string> {
  return format(text, { parser: 'typescript', printWidth: 140, singleQuote: true });
}

function moduleText(module: string, statements: TypeStatement[], home: Map<string, string>): string {
  const own = new Set(statements.map((s) => s.name));
  const imports = new Map<string, Set<string>>();
  for (const statement of statements) {
    for (const used of statement.uses) {
      const from = home.get(used);
      if (own.has(used) || !from) continue;
      imports.set(from, (imports.get(from) ?? new Set()).add(used));
    }
  }
  const importLines = [...imports.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([from, names]) => `import type { ${[...names].sort().join(', ')} } from '${relativeImport(module, from)}';`);
  const header = `${TS_HEADER}\n// Types of schema/${module}.json (the index re-exports every module).`;
  return [header, ...importLines, '', statements.map((s) => s.text).join('\n\n')].join('\n');
}

export async function emitTypes(project: Project, contract: Contract): Promise<{ files: Map<string, string>; source: string }> {
  const { schema: bundle, aliases } = bundleSchemas(project, contract);
  const compiled = await compile(bundle as JSONSchema, 'SchemaTypes', { ...COMPILE_OPTIONS, cwd: project.root });
  const source = compiled.replace(/[ \t]+$/gm, '');
  const home = homes(contract);
  const aliasSource = [...aliases.entries()].map(([name, target]) => `export type ${name} = ${target};`).join('\n');
  const byModule = new Map<string, TypeStatement[]>();
  for (const statement of [...typeStatements(source), ...typeStatements(aliasSource)]) {
    if (statement.name === 'SchemaTypes') continue;
    const definition = DEFINITION_MARK.exec(statement.text)?.[1] ?? statement.name;
    const module = home.get(definition);
    if (!module) throw new Error(`no schema file defines the generated type ${statement.name}`);
    if (definition !== statement.name) home.set(statement.name, module);
    byModule.set(module, [...(byModule.get(module) ?? []), withoutBundleNote(statement)]);
  }
  const files = new Map<string, string>();
  const modules = [...byModule.keys()].sort();
  for (const module of modules) {
    const statements = byModule.get(module)!.sort((a, b) => (a.name < b.name ? -1 : 1));
    files.set(`types/${module}.ts`, await formatted(moduleText(module, statements, home)));
  }
  const index = [
    TS_HEADER,
    '// Types of every entity, payload, realtime message and error code of schema/, one module per schema file.',
    ...modules.map((module) => `export type * from './${module}.ts';`),
  ].join('\n');
  files.set('types/index.ts', await formatted(index));
  return { files, source };
}
