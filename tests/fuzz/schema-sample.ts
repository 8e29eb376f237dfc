// Builds request bodies that follow a request schema (types, enums, bounds, required fields) with seeded
// random values: well-shaped bodies whose ids and values mostly point at nothing.
import { atPointer, isObject, resolveRef, type JsonObject, type SchemaDoc } from '../contract/load-schemas.ts';

export type Random = () => number;

/** mulberry32: a small seeded generator, so the same seed gives the same bodies. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class SchemaSampler {
  private readonly byRel: Map<string, JsonObject>;

  constructor(
    docs: readonly SchemaDoc[],
    private readonly next: Random,
  ) {
    this.byRel = new Map(docs.map((d) => [d.rel, d.doc]));
  }

  /** A value for the definition `name` of the schema file `rel`. */
  sample(rel: string, pointer: string, depth = 0): unknown {
    const node = atPointer(this.byRel.get(rel) ?? {}, pointer);
    return isObject(node) ? this.value(node, rel, depth) : {};
  }

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  private value(schema: JsonObject, rel: string, depth: number): unknown {
    if (typeof schema.$ref === 'string') {
      const target = resolveRef(schema.$ref, rel);
      return this.sample(target.rel, target.pointer, depth + 1);
    }
    if ('const' in schema) return schema.const;
    if (Array.isArray(schema.enum)) return this.pick(schema.enum);
    for (const key of ['oneOf', 'anyOf'] as const) {
      const branches = schema[key];
      if (Array.isArray(branches) && branches.length > 0) return this.value(this.pick(branches) as JsonObject, rel, depth);
    }
    const type = Array.isArray(schema.type) ? this.pick(schema.type as string[]) : schema.type;
    switch (type) {
      case 'object':
        return this.object(schema, rel, depth);
      case 'array': {
        if (depth > 4 || !isObject(schema.items)) return [];
        const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
        const count = Math.max(min, Math.floor(this.next() * 3));
        return Array.from({ length: count }, () => this.value(schema.items as JsonObject, rel, depth + 1));
      }
      case 'integer':
      case 'number': {
        const min = typeof schema.minimum === 'number' ? schema.minimum : 0;
        const max = typeof schema.maximum === 'number' ? schema.maximum : min + 100_000;
        const n = min + this.next() * (max - min);
        return type === 'integer' ? Math.floor(n) : n;
      }
      case 'boolean':
        return this.next() < 0.5;
      case 'string': {
        const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
        const max = typeof schema.maxLength === 'number' ? Math.min(schema.maxLength, 64) : 24;
        const length = Math.max(min, Math.floor(min + this.next() * Math.max(0, max - min)));
        // Digits read as ids; letters as names and texts.
        const alphabet = this.next() < 0.5 ? '0123456789' : 'abcdefghijklmnopqrstuvwxyz ';
        return Array.from({ length }, () => alphabet[Math.floor(this.next() * alphabet.length)]).join('');
      }
      case 'null':
        return null;
      default:
        return depth > 4 ? null : this.object(schema, rel, depth);
    }
  }

  private object(schema: JsonObject, rel: string, depth: number): JsonObject {
    const out: JsonObject = {};
    const properties = isObject(schema.properties) ? schema.properties : {};
    const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
    for (const [name, child] of Object.entries(properties)) {
      if ((required.has(name) || this.next() < 0.5) && isObject(child) && depth < 6) out[name] = this.value(child, rel, depth + 1);
    }
    return out;
  }
}
