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

type Visit = (node: JsonObject, path: string) => void;

/** Visits every schema node of a request body with its instance path, following $refs and combinators. */
function walk(project: Project, file: SchemaFile, node: unknown, path: string, visit: Visit, depth: number): void {
  if (!isObject(node) || depth > 8) return;
  visit(node, path);
  if (typeof node.$ref === 'string') {
    const target = resolveRef(project, file, node.$ref);
    if (target) walk(project, target.schema, atPointer(target.schema.json, target.pointer), path, visit, depth + 1);
  }
  for (const keyword of ['oneOf', 'anyOf', 'allOf']) {
    const branches = node[keyword];
    if (Array.isArray(branches)) for (const branch of branches) walk(project, file, branch, path, visit, depth + 1);
  }
  if (isObject(node.properties)) {
    for (const [name, child] of Object.entries(node.properties as JsonObject)) {
      walk(project, file, child, `${path}/${name}`, visit, depth + 1);
    }
  }
}

/** Runs `visit` over the request schema of every endpoint; keeps the endpoints whose result is not undefined. */
function perEndpoint<T>(project: Project, contract: Contract, make: () => { visit: Visit; result: () => T | undefined }): Record<string, T> {
  const result: Record<string, T> = {};
  for (const endpoint of contract.endpoints) {
    const [fileId] = endpoint.requestRef.split('#');
    const file = [...project.schemas.values()].find((s) => s.id === fileId);
    if (!file) continue;
    const target = resolveRef(project, file, endpoint.requestRef);
    if (!target) continue;
    const collector = make();
    walk(project, target.schema, atPointer(target.schema.json, target.pointer), '', collector.visit, 0);
    const value = collector.result();
    if (value !== undefined) result[endpoint.name] = value;
  }
  return result;
}

/**
 * Per call that carries files inline: the most characters its base64 fields (`contentEncoding: base64`) may
 * hold together. The server gives these calls the upload body limit; every other JSON body gets the small one.
 */
export function fileCharsByEndpoint(project: Project, contract: Contract): Record<string, number> {
  return perEndpoint(project, contract, () => {
    const seen = new Map<string, number>();
    return {
      visit: (node, path) => {
        if (node.contentEncoding === 'base64' && typeof node.maxLength === 'number') seen.set(path, Math.max(seen.get(path) ?? 0, node.maxLength));
      },
      result: () => (seen.size > 0 ? [...seen.values()].reduce((a, b) => a + b, 0) : undefined),
    };
  });
}

export function fieldErrorsByEndpoint(project: Project, contract: Contract): Record<string, Record<string, string>> {
  return perEndpoint(project, contract, () => {
    const out: Record<string, string> = {};
    return {
      visit: (node, path) => {
        if (typeof node['x-error'] === 'string' && path !== '') out[path] = node['x-error'];
        if (typeof node['x-error-missing'] === 'string' && path !== '') out[`${path}#required`] = node['x-error-missing'];
      },
      result: () => (Object.keys(out).length > 0 ? Object.fromEntries(Object.entries(out).sort()) : undefined),
    };
  });
}
