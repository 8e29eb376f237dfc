/**
 * Field-level error names: a request property annotated `"x-error": "NAME_LENGTH"` makes the server answer
 * that catalogue entry (the seed's own text) instead of the generic INVALID_INPUT when the property fails
 * validation; `"x-error-missing"` does the same when the property is absent (key `<path>#required`).
 * Collected per endpoint as instance path → error name.
 */
import type { Contract } from '../load/contract.ts';
import type { Project, SchemaFile } from '../load/project.ts';
import { atPointer, resolveRef } from '../load/refs.ts';
import { isObject, type JsonObject } from '../util/json.ts';

function collect(project: Project, file: SchemaFile, node: unknown, path: string, out: Record<string, string>, depth: number): void {
  if (!isObject(node) || depth > 8) return;
  if (typeof node['x-error'] === 'string' && path !== '') out[path] = node['x-error'];
  if (typeof node['x-error-missing'] === 'string' && path !== '') out[`${path}#required`] = node['x-error-missing'];
  if (typeof node.$ref === 'string') {
    const target = resolveRef(project, file, node.$ref);
    if (target) collect(project, target.schema, atPointer(target.schema.json, target.pointer), path, out, depth + 1);
  }
  for (const keyword of ['oneOf', 'anyOf', 'allOf']) {
    const branches = node[keyword];
    if (Array.isArray(branches)) for (const branch of branches) collect(project, file, branch, path, out, depth + 1);
  }
  if (isObject(node.properties)) {
    for (const [name, child] of Object.entries(node.properties as JsonObject)) {
      collect(project, file, child, `${path}/${name}`, out, depth + 1);
    }
  }
}

export function fieldErrorsByEndpoint(project: Project, contract: Contract): Record<string, Record<string, string>> {
  const result: Record<string, Record<string, string>> = {};
  for (const endpoint of contract.endpoints) {
    const [fileId] = endpoint.requestRef.split('#');
    const file = [...project.schemas.values()].find((s) => s.id === fileId);
    if (!file) continue;
    const target = resolveRef(project, file, endpoint.requestRef);
    if (!target) continue;
    const out: Record<string, string> = {};
    collect(project, target.schema, atPointer(target.schema.json, target.pointer), '', out, 0);
    if (Object.keys(out).length > 0) result[endpoint.name] = Object.fromEntries(Object.entries(out).sort());
  }
  return result;
}
