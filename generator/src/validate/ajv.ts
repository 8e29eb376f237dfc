/** The one ajv set-up shared by validation, server validators and tests (docs/schema-conventions.md). */
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { Project } from '../load/project.ts';
import { error, type Problem, pointerSegment } from '../problems.ts';
import { isObject } from '../util/json.ts';
import { hasRootType } from '../load/definitions.ts';

// ajv-formats is CommonJS; its default export is the plugin function under either interop shape.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

/**
 * Documentation keywords of the contract: annotations only, they never fail validation (chatgen reads
 * `x-requires`, `x-requires-value`, `x-expected` and `x-resolved-required` itself, see docs/schema-conventions.md). `codes` is the
 * top-level error catalogue map of schema/errors.json (docs/api.md).
 */
export const EXTRA_KEYWORDS = [
  'x-inferred',
  'x-seed',
  'x-endpoints',
  'x-group',
  'x-realtime',
  'x-flag-group',
  'x-defaults',
  'x-error',
  'x-error-missing',
  'x-requires',
  'x-requires-value',
  'x-expected',
  'x-resolved-required',
  'codes',
];

export interface AjvSetup {
  ajv: Ajv;
  problems: Problem[];
}

export function createAjv(project: Project, options: { standalone?: boolean } = {}): AjvSetup {
  const ajv = new Ajv({
    strict: true,
    // Nullable fields (`["string","null"]`) are common in responses; strictTypes would reject them.
    allowUnionTypes: true,
    allErrors: true,
    // Errors carry the failing schema and value, so that messages can quote both (validate/schema-errors.ts).
    verbose: !options.standalone,
    ...(options.standalone ? { code: { source: true, esm: true, lines: true } } : {}),
  });
  addFormats(ajv);
  for (const keyword of EXTRA_KEYWORDS) ajv.addKeyword({ keyword });
  const problems: Problem[] = [];
  for (const schema of project.schemas.values()) {
    try {
      ajv.addSchema(schema.json);
    } catch (cause) {
      problems.push(error(schema.file, '', `cannot be added to ajv: ${(cause as Error).message}`));
    }
  }
  return { ajv, problems };
}

/** Compiles every root schema and every definition so that strict-mode errors surface per definition. */
export function compileAll(project: Project, ajv: Ajv): Problem[] {
  const problems: Problem[] = [];
  const tryCompile = (file: string, path: string, ref: string): void => {
    try {
      ajv.getSchema(ref);
    } catch (cause) {
      problems.push(error(file, path, `does not compile: ${(cause as Error).message}`));
    }
  };
  for (const schema of project.schemas.values()) {
    if (hasRootType(schema.json)) tryCompile(schema.file, '', schema.id);
    const definitions = schema.json.definitions;
    if (!isObject(definitions)) continue;
    for (const name of Object.keys(definitions).sort()) {
      tryCompile(schema.file, `/definitions/${pointerSegment(name)}`, `${schema.id}#/definitions/${name}`);
    }
  }
  return problems;
}

export function getValidator(ajv: Ajv, ref: string): ValidateFunction | undefined {
  try {
    return ajv.getSchema(ref);
  } catch {
    return undefined;
  }
}
