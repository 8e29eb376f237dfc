/** Reads the `x-endpoints` arrays of schema/endpoints/*.json into endpoint descriptions and checks them. */
import { error, type Problem } from '../problems.ts';
import { isObject, type JsonObject } from '../util/json.ts';
import { isCamelCase, isIdentifier } from '../util/names.ts';
import type { DefinitionIndex } from './definitions.ts';
import type { Project, SchemaFile } from './project.ts';
import { resolveRef } from './refs.ts';

export type Access = 'public' | 'secured' | 'test';

export interface EndpointSpec {
  name: string;
  path: string;
  access: Access;
  group: string;
  summary: string;
  /** Definition names of the request and response types. */
  request: string;
  response: string;
  /** Absolute schema refs (`$id#/definitions/Name`) for ajv. */
  requestRef: string;
  responseRef: string;
  multipart: boolean;
  returnsFile: boolean;
  testOnly: boolean;
  encryptedByDefault: boolean;
  inferred: boolean;
  method: string;
  kind: 'read' | 'write';
}

const PREFIX: Record<Access, string> = { public: '/chat/pub/', secured: '/chat/sec/', test: '/chat/test/' };
const READ_PREFIXES = ['get', 'receive', 'search', 'check', 'view', 'verify', 'list', 'download'];

/** Reads are named get…, receive…, search…; an explicit `kind` in the endpoint wins. */
export function defaultKind(name: string): 'read' | 'write' {
  return READ_PREFIXES.some((p) => name.startsWith(p) && (name.length === p.length || /[A-Z]/.test(name[p.length]!)))
    ? 'read'
    : 'write';
}

function resolveTypeRef(
  project: Project,
  index: DefinitionIndex,
  schema: SchemaFile,
  ref: unknown,
): { name: string; ref: string } | string {
  if (typeof ref !== 'string' || ref === '') return 'must be a definition name';
  if (!ref.includes('#') && !ref.includes('/') && !ref.endsWith('.json')) {
    const entry = index.byName.get(ref);
    if (!entry || entry.schema !== schema) return `definition ${ref} not found in ${schema.file}`;
    return { name: ref, ref: `${schema.id}#/definitions/${ref}` };
  }
  const target = resolveRef(project, schema, ref);
  const match = target?.pointer.match(/^\/definitions\/([^/]+)$/);
  const entry = match ? index.byName.get(match[1]!) : undefined;
  if (!target || !entry || entry.schema !== target.schema) return `cannot resolve ${ref} to a definition`;
  return { name: entry.name, ref: `${target.schema.id}#/definitions/${entry.name}` };
}

function bool(entry: JsonObject, key: string, file: string, at: string, problems: Problem[]): boolean {
  const value = entry[key];
  if (value === undefined) return false;
  if (typeof value !== 'boolean') {
    problems.push(error(file, `${at}/${key}`, 'must be boolean'));
    return false;
  }
  return value;
}

export function readEndpoints(project: Project, index: DefinitionIndex): { endpoints: EndpointSpec[]; problems: Problem[] } {
  const endpoints: EndpointSpec[] = [];
  const problems: Problem[] = [];
  const names = new Map<string, string>();
  const paths = new Map<string, string>();
  for (const schema of project.schemas.values()) {
    if (!schema.rel.startsWith('endpoints/')) continue;
    const group = schema.rel.slice('endpoints/'.length, -'.json'.length);
    if (schema.json['x-group'] !== group) problems.push(error(schema.file, '/x-group', `must be "${group}"`));
    const list = schema.json['x-endpoints'];
    if (!Array.isArray(list)) {
      problems.push(error(schema.file, '/x-endpoints', 'must be an array of endpoints'));
      continue;
    }
    list.forEach((raw, i) => {
      const at = `/x-endpoints/${i}`;
      if (!isObject(raw)) {
        problems.push(error(schema.file, at, 'must be an object'));
        return;
      }
      const name = raw.name;
      const path = raw.path;
      const access = raw.access;
      if (typeof name !== 'string' || !isCamelCase(name) || !isIdentifier(name)) {
        problems.push(error(schema.file, `${at}/name`, `must be a camelCase identifier (got ${JSON.stringify(name)})`));
        return;
      }
      if (names.has(name)) problems.push(error(schema.file, `${at}/name`, `${name} is already used in ${names.get(name)}`));
      names.set(name, schema.file);
      if (access !== 'public' && access !== 'secured' && access !== 'test') {
        problems.push(error(schema.file, `${at}/access`, 'must be one of public, secured, test'));
        return;
      }
      if (typeof path !== 'string' || !path.startsWith(PREFIX[access])) {
        problems.push(error(schema.file, `${at}/path`, `${access} path must start with ${PREFIX[access]}`));
        return;
      }
      if (paths.has(path)) problems.push(error(schema.file, `${at}/path`, `${path} is already used by ${paths.get(path)}`));
      paths.set(path, name);
      const request = resolveTypeRef(project, index, schema, raw.request);
      const response = resolveTypeRef(project, index, schema, raw.response);
      if (typeof request === 'string') problems.push(error(schema.file, `${at}/request`, request));
      if (typeof response === 'string') problems.push(error(schema.file, `${at}/response`, response));
      const kind = raw.kind ?? defaultKind(name);
      if (kind !== 'read' && kind !== 'write') problems.push(error(schema.file, `${at}/kind`, 'must be read or write'));
      const method = raw.method ?? 'POST';
      if (typeof method !== 'string') problems.push(error(schema.file, `${at}/method`, 'must be a string'));
      if (typeof request === 'string' || typeof response === 'string') return;
      endpoints.push({
        name,
        path,
        access,
        group,
        summary: typeof raw.summary === 'string' ? raw.summary : '',
        request: request.name,
        response: response.name,
        requestRef: request.ref,
        responseRef: response.ref,
        multipart: bool(raw, 'multipart', schema.file, at, problems),
        returnsFile: bool(raw, 'returnsFile', schema.file, at, problems),
        testOnly: bool(raw, 'testOnly', schema.file, at, problems),
        encryptedByDefault: bool(raw, 'encryptedByDefault', schema.file, at, problems),
        inferred: bool(raw, 'x-inferred', schema.file, at, problems),
        method: typeof method === 'string' ? method.toUpperCase() : 'POST',
        kind: kind === 'read' ? 'read' : 'write',
      });
    });
  }
  endpoints.sort((a, b) => (a.name < b.name ? -1 : 1));
  return { endpoints, problems };
}
