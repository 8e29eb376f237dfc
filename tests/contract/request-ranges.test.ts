// Every number a request can carry has a range in the schema, so the server's validator (generated from it) stops
// a value before it meets a column it does not fit: a build number of 2^31 once reached a 32-bit column and
// answered 500. Walks each call's request schema through its $refs.
import { describe, expect, it } from 'vitest';
import { atPointer, endpointsOf, isObject, readSchemaDocs, resolveRef, type JsonObject } from './load-schemas.ts';

const docs = readSchemaDocs();
const byRel = new Map(docs.map(({ rel, doc }) => [rel, doc]));

const isNumeric = (type: unknown) =>
  type === 'integer' || type === 'number' || (Array.isArray(type) && (type.includes('integer') || type.includes('number')));
const bounded = (node: JsonObject) =>
  'enum' in node || 'const' in node || (('maximum' in node || 'exclusiveMaximum' in node) && ('minimum' in node || 'exclusiveMinimum' in node));

/** Places (file#pointer) of numbers without a lower and an upper bound, reachable from `node`. */
function unboundedNumbers(node: unknown, rel: string, where: string, seen: Set<string>, out: Set<string>): void {
  if (Array.isArray(node)) {
    node.forEach((item, i) => unboundedNumbers(item, rel, `${where}/${i}`, seen, out));
    return;
  }
  if (!isObject(node)) return;
  if (typeof node.$ref === 'string') {
    const target = resolveRef(node.$ref, rel);
    const key = `${target.rel}#${target.pointer}`;
    if (!seen.has(key)) {
      seen.add(key);
      const doc = byRel.get(target.rel);
      if (!doc) throw new Error(`${rel}${where}: $ref to a missing file ${target.rel}`);
      unboundedNumbers(atPointer(doc, target.pointer), target.rel, target.pointer, seen, out);
    }
  }
  if (isNumeric(node.type) && !bounded(node)) out.add(`${rel}#${where}`);
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' || key === 'examples' || key === 'default') continue;
    unboundedNumbers(value, rel, `${where}/${key}`, seen, out);
  }
}

describe('request numbers have ranges', () => {
  it('every integer or number a call accepts states its minimum and maximum', () => {
    const out = new Set<string>();
    const seen = new Set<string>();
    for (const endpoint of endpointsOf(docs)) {
      unboundedNumbers({ $ref: `#/definitions/${endpoint.request}` }, endpoint.file, '', seen, out);
    }
    expect([...out].sort()).toEqual([]);
  });
});
