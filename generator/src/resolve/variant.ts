/** The fully resolved variant: `extends` chain merged, then every flag, theme leaf, constant and text defaulted. */
import { ChatgenError } from '../errors.ts';
import { type Defaults, LOCALES, readDefaults } from '../load/defaults.ts';
import type { Project } from '../load/project.ts';
import { isObject, type JsonObject, sortKeys } from '../util/json.ts';
import { extendsChain } from './chain.ts';
import { deepMerge } from './merge.ts';
import { valueSources } from './provenance.ts';

export interface ResolvedVariant {
  id: string;
  /** The variant ids from the chain root to this variant. */
  chain: string[];
  /** The resolved document (sorted keys, no `extends` or `$schema`). */
  config: JsonObject;
  /** Wording as set by the chain, before defaults: what `wording.ts` exports as overrides. */
  wordingOverrides: JsonObject;
  /** Flags set by the chain that the default set lacks. */
  unknownFlags: string[];
  /** JSON pointer of every leaf of `config` → the file that set it (a variant file, or the schema file of its default). */
  setBy: Record<string, string>;
}

function objectAt(doc: JsonObject, key: string): JsonObject {
  const value = doc[key];
  return isObject(value) ? value : {};
}

/**
 * `login.layout` / `login.showLabels` override `theme.login` (variant.schema.json): a value the chain sets in
 * `login` wins, then one it sets in `theme.login`, then the defaults; both places end up equal.
 */
function syncLoginPresentation(merged: JsonObject, chained: JsonObject): void {
  const theme = objectAt(merged, 'theme');
  const themeLogin = objectAt(theme, 'login');
  const login = objectAt(merged, 'login');
  const chainLogin = objectAt(chained, 'login');
  const chainThemeLogin = objectAt(objectAt(chained, 'theme'), 'login');
  for (const key of Object.keys(themeLogin)) {
    if (!(key in login)) continue;
    const value = chainLogin[key] ?? chainThemeLogin[key] ?? login[key]!;
    login[key] = value;
    themeLogin[key] = value;
  }
}

export function resolveVariant(project: Project, id: string, defaults: Defaults = readDefaults(project)): ResolvedVariant {
  const chain = extendsChain(project, id);
  if (!chain.ok) throw new ChatgenError(`variants/${chain.at}.json: ${chain.message}`);
  let chained: JsonObject = {};
  for (const link of chain.chain) chained = deepMerge(chained, project.variants.get(link)!.json);
  const merged = deepMerge(defaults.variant, chained);
  delete merged.extends;
  delete merged.$schema;
  merged.id = id;

  const setFlags = objectAt(merged, 'flags');
  const flags: JsonObject = {};
  for (const [name, info] of defaults.flags) flags[name] = info.default;
  Object.assign(flags, setFlags);
  merged.flags = flags;

  merged.theme = deepMerge(defaults.theme, objectAt(merged, 'theme'));
  syncLoginPresentation(merged, chained);
  merged.constants = deepMerge(defaults.constants, objectAt(merged, 'constants'));

  const overrides = objectAt(merged, 'wording');
  const wording: JsonObject = {};
  for (const locale of LOCALES) {
    const texts: JsonObject = {};
    for (const [key, perLocale] of defaults.wording) texts[key] = perLocale[locale];
    wording[locale] = { ...texts, ...objectAt(overrides, locale) };
  }
  merged.wording = wording;

  const config = sortKeys(merged) as JsonObject;
  return {
    id,
    chain: chain.chain,
    config,
    setBy: valueSources(project, chain.chain, config),
    wordingOverrides: sortKeys(overrides) as JsonObject,
    unknownFlags: Object.keys(setFlags).filter((name) => !defaults.flags.has(name)).sort(),
  };
}
