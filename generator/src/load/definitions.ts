/** Index of every named definition across schema/ (names are PascalCase and unique project-wide). */
import { error, type Problem, pointerSegment } from '../problems.ts';
import { isPascalCase, pascalCase } from '../util/names.ts';
import { isObject, type JsonObject } from '../util/json.ts';
import type { Project, SchemaFile } from './project.ts';

export interface DefinitionEntry {
  name: string;
  schema: SchemaFile;
  /** JSON pointer of the definition inside its file (`/definitions/Message`, or `` for a root type). */
  pointer: string;
  json: JsonObject;
}

/** Type names for files whose root is itself a schema (not only a bag of definitions). */
const ROOT_TYPE_NAMES: Record<string, string> = {
  'flags.json': 'FlagSet',
  'theme.schema.json': 'Theme',
  'constants.schema.json': 'Constants',
  'wording.schema.json': 'Wording',
  'variant.schema.json': 'VariantDocument',
};

export function hasRootType(json: JsonObject): boolean {
  return 'type' in json || 'properties' in json || '$ref' in json || 'oneOf' in json || 'anyOf' in json;
}

export interface DefinitionIndex {
  byName: Map<string, DefinitionEntry>;
  /** Root type name per schema file rel path, for files that have one. */
  rootNames: Map<string, string>;
  problems: Problem[];
}

export function indexDefinitions(project: Project): DefinitionIndex {
  const byName = new Map<string, DefinitionEntry>();
  const rootNames = new Map<string, string>();
  const problems: Problem[] = [];
  for (const schema of project.schemas.values()) {
    const definitions = schema.json.definitions;
    if (definitions === undefined) continue;
    if (!isObject(definitions)) {
      problems.push(error(schema.file, '/definitions', 'must be an object'));
      continue;
    }
    for (const name of Object.keys(definitions).sort()) {
      const path = `/definitions/${pointerSegment(name)}`;
      const json = definitions[name];
      if (!isObject(json)) {
        problems.push(error(schema.file, path, 'must be a schema object'));
        continue;
      }
      if (!isPascalCase(name)) problems.push(error(schema.file, path, `definition name ${name} must be PascalCase`));
      const previous = byName.get(name);
      if (previous) {
        problems.push(error(schema.file, path, `definition name ${name} is already defined in ${previous.schema.file}`));
        continue;
      }
      byName.set(name, { name, schema, pointer: path, json });
    }
  }
  for (const schema of project.schemas.values()) {
    if (!hasRootType(schema.json)) continue;
    let name = ROOT_TYPE_NAMES[schema.rel] ?? pascalCase(schema.rel.replace(/\.json$/, '').replace(/\.schema$/, ''));
    if (byName.has(name)) name = `${name}Document`;
    rootNames.set(schema.rel, name);
  }
  return { byName, rootNames, problems };
}
