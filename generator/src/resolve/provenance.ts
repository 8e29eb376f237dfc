/**
 * Which file set each value of a resolved variant: the last variant of the extends chain whose file holds the
 * value, else the schema file whose default filled it in. `show` and `diff` print it, and validation uses it
 * to report a mistake once, at the file that made it, instead of again in every variant that inherits it.
 */
import type { Project } from '../load/project.ts';
import { atPointer } from '../load/refs.ts';
import { pointerSegment } from '../problems.ts';
import { isObject, type JsonObject, type JsonValue } from '../util/json.ts';

/** Where the defaults of each top-level section come from (docs/variant-format.md). */
const DEFAULT_SOURCES: Record<string, string> = {
  flags: 'schema/flags.json',
  theme: 'schema/theme.schema.json',
  constants: 'schema/constants.schema.json',
  wording: 'schema/wording.schema.json',
};
const VARIANT_SCHEMA = 'schema/variant.schema.json';

/** `login.layout` / `login.showLabels` are copied over `theme.login` (see resolveVariant). */
const LOGIN_PRESENTATION = /^\/(?:theme\/)?login\/(layout|showLabels)$/;

export function variantFile(id: string): string {
  return `variants/${id}.json`;
}

/** Pointers of every leaf: objects are walked, arrays and scalars (and empty objects) are leaves. */
export function leafPointers(value: JsonValue | undefined, base = '', out: string[] = []): string[] {
  if (isObject(value) && Object.keys(value).length > 0) {
    for (const key of Object.keys(value)) leafPointers(value[key], `${base}/${pointerSegment(key)}`, out);
  } else if (base !== '') out.push(base);
  return out;
}

/** The most derived variant of the chain whose file sets any of the pointers (or something below them). */
export function chainSetter(project: Project, chain: readonly string[], pointers: readonly string[]): string | undefined {
  for (let i = chain.length - 1; i >= 0; i -= 1) {
    const json: JsonObject | undefined = project.variants.get(chain[i]!)?.json;
    if (json && pointers.some((p) => atPointer(json, p) !== undefined)) return chain[i];
  }
  return undefined;
}

/** The file a default of this pointer comes from. */
export function defaultSource(pointer: string): string {
  const section = pointer.split('/')[1] ?? '';
  return DEFAULT_SOURCES[section] ?? VARIANT_SCHEMA;
}

export function valueSources(project: Project, chain: readonly string[], config: JsonObject): Record<string, string> {
  const self = chain[chain.length - 1]!;
  const out: Record<string, string> = {};
  for (const pointer of leafPointers(config)) {
    if (pointer === '/id') {
      out[pointer] = variantFile(self);
      continue;
    }
    const login = LOGIN_PRESENTATION.exec(pointer);
    const setter = login
      ? (chainSetter(project, chain, [`/login/${login[1]}`]) ?? chainSetter(project, chain, [`/theme/login/${login[1]}`]))
      : chainSetter(project, chain, [pointer]);
    // Unset login presentation takes the default of variant.schema.json's `login`, in both places.
    out[pointer] = setter !== undefined ? variantFile(setter) : login ? VARIANT_SCHEMA : defaultSource(pointer);
  }
  return out;
}
