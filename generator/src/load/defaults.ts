/** Extracts the defaults a variant is resolved against: flags, theme, constants and wording (docs/variant-format.md). */
import { error, type Problem } from '../problems.ts';
import { clone, isObject, type JsonObject, type JsonValue } from '../util/json.ts';
import type { Project, SchemaFile } from './project.ts';
import { atPointer, resolveRef } from './refs.ts';

export const LOCALES = ['en_US', 'zh_TW', 'zh_CN'] as const;
export type Locale = (typeof LOCALES)[number];

export interface FlagInfo {
  name: string;
  default: boolean;
  description: string;
  group: string;
}

export interface Defaults {
  flags: Map<string, FlagInfo>;
  /** Defaults declared by variant.schema.json itself (links, login, layout, server, ...). */
  variant: JsonObject;
  theme: JsonObject;
  constants: JsonObject;
  /** key → text per locale. */
  wording: Map<string, Record<Locale, string>>;
  problems: Problem[];
}

interface Located {
  schema: SchemaFile;
  node: JsonObject;
}

/** Follows `$ref` (local or cross-file); sibling keywords of the ref (like `default`) win over the target's. */
function deref(project: Project, at: Located, depth = 0): Located {
  const ref = at.node.$ref;
  if (typeof ref !== 'string' || depth > 20) return at;
  const target = resolveRef(project, at.schema, ref);
  const node = target ? atPointer(target.schema.json, target.pointer) : undefined;
  if (!target || !isObject(node)) return at;
  const { $ref: _ignored, ...siblings } = at.node;
  return deref(project, { schema: target.schema, node: { ...node, ...siblings } }, depth + 1);
}

/** Numeric theme leaves documented in pixels (`(px)` in their description) become `px` in CSS. */
export function pixelLeaves(project: Project, rel: string): Set<string> {
  const out = new Set<string>();
  const schema = project.schemas.get(rel);
  if (!schema) return out;
  const walk = (at: Located, path: string[]): void => {
    const { schema: s, node } = deref(project, at);
    const properties = node.properties;
    if (isObject(properties)) {
      for (const key of Object.keys(properties)) {
        const child = properties[key];
        if (isObject(child)) walk({ schema: s, node: child }, [...path, key]);
      }
    } else if (typeof node.description === 'string' && /\(px\)/.test(node.description)) {
      out.add(path.join('.'));
    }
  };
  walk({ schema, node: schema.json }, []);
  return out;
}

/** Defaults of an object schema: each leaf's `default`, nested by property. */
function collectDefaults(project: Project, at: Located): JsonValue | undefined {
  const { schema, node } = deref(project, at);
  const properties = node.properties;
  if (isObject(properties)) {
    const out: JsonObject = isObject(node.default) ? clone(node.default) : {};
    for (const key of Object.keys(properties)) {
      const child = properties[key];
      if (!isObject(child)) continue;
      const value = collectDefaults(project, { schema, node: child });
      if (value !== undefined) out[key] = value;
    }
    return Object.keys(out).length > 0 || 'default' in node ? out : undefined;
  }
  return 'default' in node ? clone(node.default as JsonValue) : undefined;
}

function objectDefaults(project: Project, rel: string, problems: Problem[]): JsonObject {
  const schema = project.schemas.get(rel);
  if (!schema) {
    problems.push(error(`schema/${rel}`, '', 'file is missing'));
    return {};
  }
  const value = collectDefaults(project, { schema, node: schema.json });
  return isObject(value) ? value : {};
}

function readFlags(project: Project, problems: Problem[]): Map<string, FlagInfo> {
  const flags = new Map<string, FlagInfo>();
  const schema = project.schemas.get('flags.json');
  if (!schema) {
    problems.push(error('schema/flags.json', '', 'file is missing'));
    return flags;
  }
  const properties = schema.json.properties;
  if (!isObject(properties)) {
    problems.push(error(schema.file, '/properties', 'must list the flags'));
    return flags;
  }
  for (const name of Object.keys(properties).sort()) {
    const at = `/properties/${name}`;
    const entry = properties[name];
    if (!/^IS_(ALLOW|SHOW)_[A-Z0-9_]+$/.test(name)) problems.push(error(schema.file, at, 'flag names must match ^IS_(ALLOW|SHOW)_[A-Z0-9_]+$'));
    if (!isObject(entry) || typeof entry.default !== 'boolean') {
      problems.push(error(schema.file, at, 'must be {"type":"boolean","default":true|false,...}'));
      continue;
    }
    flags.set(name, {
      name,
      default: entry.default,
      description: typeof entry.description === 'string' ? entry.description : '',
      group: typeof entry['x-flag-group'] === 'string' ? entry['x-flag-group'] : 'other',
    });
  }
  return flags;
}

/** Every property carrying `x-defaults` anywhere in the wording schema is one wording key. */
function readWording(project: Project, problems: Problem[]): Map<string, Record<Locale, string>> {
  const keys = new Map<string, Record<Locale, string>>();
  const schema = project.schemas.get('wording.schema.json');
  if (!schema) {
    problems.push(error('schema/wording.schema.json', '', 'file is missing'));
    return keys;
  }
  const seen = new Set<JsonObject>();
  const visit = (at: Located, path: string): void => {
    const located = deref(project, at);
    if (seen.has(located.node)) return;
    seen.add(located.node);
    const properties = located.node.properties;
    if (!isObject(properties)) return;
    for (const key of Object.keys(properties)) {
      const child = properties[key];
      if (!isObject(child)) continue;
      const texts = deref(project, { schema: located.schema, node: child }).node['x-defaults'];
      if (texts === undefined) {
        visit({ schema: located.schema, node: child }, `${path}/properties/${key}`);
        continue;
      }
      if (!isObject(texts) || typeof texts.en_US !== 'string') {
        problems.push(error(schema.file, `${path}/properties/${key}/x-defaults`, 'must give at least an en_US text'));
        continue;
      }
      const en = texts.en_US;
      const pick = (locale: Locale): string => (typeof texts[locale] === 'string' ? (texts[locale] as string) : en);
      keys.set(key, { en_US: en, zh_TW: pick('zh_TW'), zh_CN: pick('zh_CN') });
    }
  };
  visit({ schema, node: schema.json }, '');
  // Keys may also sit in a definition shared by the locales (e.g. `WordingOverrides`).
  const definitions = schema.json.definitions;
  if (isObject(definitions)) {
    for (const name of Object.keys(definitions).sort()) {
      const node = definitions[name];
      if (isObject(node)) visit({ schema, node }, `/definitions/${name}`);
    }
  }
  return new Map([...keys.entries()].sort(([a], [b]) => (a < b ? -1 : 1)));
}

export function readDefaults(project: Project): Defaults {
  const problems: Problem[] = [];
  return {
    flags: readFlags(project, problems),
    variant: objectDefaults(project, 'variant.schema.json', problems),
    theme: objectDefaults(project, 'theme.schema.json', problems),
    constants: objectDefaults(project, 'constants.schema.json', problems),
    wording: readWording(project, problems),
    problems,
  };
}
