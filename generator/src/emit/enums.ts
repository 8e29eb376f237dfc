/** generated/types/enums.ts: the values of every string enum definition, typed by generated/types/index.ts. */
import type { Contract } from '../load/contract.ts';
import { render } from './render.ts';

interface EnumDefinition {
  name: string;
  file: string;
  values: string[];
}

/**
 * json-schema-to-typescript may respell a definition's name as a type name (Login2faType → Login2FaType); the
 * emitted types say which definition each type comes from, so the names are read from there, never re-derived.
 */
function typeNamesByDefinition(typesSource: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const match of typesSource.matchAll(/via the `definition` "(\w+)"\.\n \*\/\nexport type (\w+)/g)) names.set(match[1]!, match[2]!);
  return names;
}

export function emitEnums(contract: Contract, typesSource: string): Map<string, string> {
  const typeNames = typeNamesByDefinition(typesSource);
  const enums: EnumDefinition[] = [];
  for (const [name, entry] of [...contract.index.byName.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const values = entry.json.enum;
    if (!Array.isArray(values) || values.length === 0 || !values.every((v): v is string => typeof v === 'string')) continue;
    const typeName = typeNames.get(name);
    if (!typeName) throw new Error(`generated/types/index.ts has no type for the enum definition ${name}`);
    enums.push({ name: typeName, file: entry.schema.file, values });
  }
  return new Map([['types/enums.ts', render('enums.ts', { enums })]]);
}
