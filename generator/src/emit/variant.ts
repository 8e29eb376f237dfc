/** generated/variants/<ID>/: the Vite entry of one variant with its config, flags, theme, wording and constants. */
import { ChatgenError } from '../errors.ts';
import type { Contract } from '../load/contract.ts';
import { pixelLeaves } from '../load/defaults.ts';
import type { Project } from '../load/project.ts';
import type { ResolvedVariant } from '../resolve/variant.ts';
import { isObject, type JsonObject, type JsonValue, stableStringify } from '../util/json.ts';
import { kebabCase, singular } from '../util/names.ts';
import { render } from './render.ts';

/** Sections with their own module; the rest of the resolved document is the runtime config. */
const OWN_MODULES = new Set(['flags', 'theme', 'constants', 'wording']);

export interface ThemeToken {
  /** `--cg-color-accent` */
  css: string;
  /** `$cg-color-accent` */
  scss: string;
  value: string;
}

/** One token per scalar theme leaf: `colors.accent` → `--cg-color-accent`; `(px)` leaves get a unit. */
export function themeTokens(theme: JsonObject, pixels: Set<string>): ThemeToken[] {
  const out: ThemeToken[] = [];
  const walk = (value: JsonValue, path: string[]): void => {
    if (isObject(value)) {
      for (const key of Object.keys(value).sort()) walk(value[key]!, [...path, key]);
      return;
    }
    if (typeof value === 'boolean' || value === null || Array.isArray(value)) return; // not a CSS value
    const [group, ...rest] = path;
    const name = `cg-${kebabCase(singular(group!))}${rest.map((p) => `-${kebabCase(p)}`).join('')}`;
    const text = typeof value === 'number' && pixels.has(path.join('.')) ? `${value}px` : String(value);
    out.push({ css: `--${name}`, scss: `$${name}`, value: text.replace(/[;{}]/g, '') });
  };
  walk(theme, []);
  return out;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The favicon's colours: the variant's accent and the text colour on it (the theme schema's #RRGGBB). */
function faviconColours(theme: JsonObject): { accent: string; contrast: string } {
  const colours = section(theme, 'colors');
  const colour = (value: JsonValue | undefined, fallback: string) =>
    typeof value === 'string' && /^#[0-9A-Fa-f]{6}$/.test(value) ? value : fallback;
  return { accent: colour(colours.accent, '#1D4E89'), contrast: colour(colours.accentContrast, '#FFFFFF') };
}

function section(config: JsonObject, key: string): JsonObject {
  const value = config[key];
  return isObject(value) ? value : {};
}

/** The constants' groups (schema/constants.json: `timings`, `limits`, …), each a module of its own. */
function constantGroups(constants: JsonObject): { groups: Array<{ name: string; json: string }>; names: string } {
  const names = Object.keys(constants).sort();
  const bad = names.find((name) => !/^[A-Za-z_$][\w$]*$/.test(name) || RESERVED.has(name));
  if (bad) throw new ChatgenError(`constants.${bad}: a constants group needs a name usable as a TypeScript identifier`);
  return { groups: names.map((name) => ({ name, json: stableStringify(constants[name]!) })), names: names.join(', ') };
}

/** ECMAScript's reserved words, and `constants`, the export that holds every group. */
const RESERVED = new Set(
  ('await break case catch class const constants continue debugger default delete do else enum export extends false finally for ' +
    'function if implements import in instanceof interface let new null package private protected public return static super ' +
    'switch this throw true try typeof var void while with yield').split(' '),
);

export function emitVariant(project: Project, contract: Contract, variant: ResolvedVariant): Map<string, string> {
  const { id, config } = variant;
  const dir = `variants/${id}`;
  const runtime: JsonObject = {};
  for (const key of Object.keys(config)) if (!OWN_MODULES.has(key)) runtime[key] = config[key]!;
  const theme = section(config, 'theme');
  const tokens = themeTokens(theme, pixelLeaves(project, 'theme.schema.json'));
  const title = typeof config.title === 'string' ? config.title : id;
  const out = new Map<string, string>();
  out.set(`${dir}/index.html`, render('index.html', { title: escapeHtml(title), lang: 'en' }));
  out.set(`${dir}/favicon.svg`, render('favicon.svg', faviconColours(theme)));
  out.set(`${dir}/main.tsx`, render('main.tsx', {}));
  out.set(`${dir}/config.ts`, render('config.ts', { id, chain: variant.chain.join(' → '), json: stableStringify(runtime) }));
  out.set(`${dir}/flags.ts`, render('variant-flags-reexport.ts', { id }));
  out.set(`${dir}/theme.css`, render('theme.css', { id, tokens }));
  out.set(`${dir}/theme.scss`, render('theme.scss', { id, tokens }));
  out.set(`${dir}/theme.ts`, render('theme.ts', { id, json: stableStringify(theme) }));
  out.set(
    `${dir}/wording.ts`,
    render('wording.ts', {
      id,
      overrides: stableStringify(variant.wordingOverrides),
      resolved: stableStringify(section(config, 'wording')),
    }),
  );
  const constants = constantGroups(section(config, 'constants'));
  out.set(`${dir}/constants.ts`, render('constants.ts', { id, ...constants }));
  for (const group of constants.groups) out.set(`${dir}/constants/${group.name}.ts`, render('constant-group.ts', { id, ...group }));
  return out;
}

export function emitVariantTypes(contract: Contract, ids: string[]): Map<string, string> {
  const documentType = contract.index.rootNames.get('variant.schema.json') ?? '';
  return new Map([['variants/types.ts', render('variant-config-types.ts', { documentType, ids })]]);
}
