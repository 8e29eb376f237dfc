/**
 * ajv errors → one line per mistake, in words. A value that fails `anyOf` is one mistake (not one line per
 * branch); a failed `pattern` or `format` is said with the schema's `x-expected` ('must be a colour like
 * #1a2b3c, not "blue"'), never as a regular expression; an unknown property or enum value gets a suggestion.
 * Needs an ajv instance created with `verbose: true` (validate/ajv.ts).
 */
import type { ErrorObject } from 'ajv';
import { pointerSegment } from '../problems.ts';
import { isObject } from '../util/json.ts';
import { didYouMean } from './suggest.ts';

export interface SchemaMessage {
  path: string;
  message: string;
}

const quote = (value: unknown): string => JSON.stringify(value) ?? String(value);

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return `the string ${quote(value)}`;
  return `${typeof value} ${quote(value)}`;
}

function expected(err: ErrorObject): string | undefined {
  const parent: unknown = err.parentSchema;
  return isObject(parent) && typeof parent['x-expected'] === 'string' ? parent['x-expected'] : undefined;
}

function describe(err: ErrorObject, branchMessages: string[]): SchemaMessage {
  const params = err.params as Record<string, unknown>;
  const parent: unknown = err.parentSchema;
  switch (err.keyword) {
    case 'additionalProperties': {
      const name = String(params.additionalProperty);
      const known = isObject(parent) && isObject(parent.properties) ? Object.keys(parent.properties) : [];
      return { path: `${err.instancePath}/${pointerSegment(name)}`, message: `unknown property ${name}${didYouMean(name, known)}` };
    }
    case 'required':
      return { path: `${err.instancePath}/${pointerSegment(String(params.missingProperty))}`, message: 'is required' };
    case 'enum': {
      const allowed = params.allowedValues as unknown[];
      const hint = typeof err.data === 'string' ? didYouMean(err.data, allowed.filter((v): v is string => typeof v === 'string'), quote) : '';
      return { path: err.instancePath, message: `must be one of ${allowed.map(quote).join(', ')}, not ${quote(err.data)}${hint}` };
    }
    case 'const':
      return { path: err.instancePath, message: `must be ${quote(params.allowedValue)}, not ${quote(err.data)}` };
    case 'type':
      return { path: err.instancePath, message: `must be ${String(params.type).replace(',', ' or ')}, not ${kindOf(err.data)}` };
    case 'pattern':
    case 'format': {
      const words = expected(err);
      if (words) return { path: err.instancePath, message: `must be ${words}, not ${quote(err.data)}` };
      const rule = err.keyword === 'pattern' ? `match the pattern ${String(params.pattern)}` : `be a valid ${String(params.format)}`;
      return { path: err.instancePath, message: `must ${rule}, not ${quote(err.data)}` };
    }
    case 'anyOf':
    case 'oneOf': {
      const words = expected(err);
      if (words) return { path: err.instancePath, message: `must be ${words}, not ${quote(err.data)}` };
      const alternatives = [...new Set(branchMessages)].join(' or ');
      return { path: err.instancePath, message: alternatives ? `must ${alternatives.replace(/^must /, '')}` : 'matches none of the allowed forms' };
    }
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
    case 'minLength':
    case 'maxLength':
    case 'minItems':
    case 'maxItems':
      return { path: err.instancePath, message: `${err.message ?? `fails ${err.keyword}`}, not ${quote(err.data)}` };
    default:
      return { path: err.instancePath, message: err.message ?? `fails ${err.keyword}` };
  }
}

/** Turns one validation run's errors into one message per mistake. */
export function describeSchemaErrors(errors: readonly ErrorObject[]): SchemaMessage[] {
  const alternatives = errors.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf');
  const isBranchOf = (e: ErrorObject, alt: ErrorObject): boolean =>
    e !== alt && e.schemaPath.startsWith(`${alt.schemaPath}/`) && e.instancePath.startsWith(alt.instancePath);
  const out: SchemaMessage[] = [];
  for (const err of errors) {
    if (err.keyword === 'if') continue; // its branch errors say what is wrong
    if (alternatives.some((alt) => isBranchOf(err, alt))) continue; // said once by the anyOf/oneOf
    const branches = alternatives.includes(err) ? errors.filter((e) => isBranchOf(e, err)).map((e) => describe(e, []).message) : [];
    out.push(describe(err, branches));
  }
  const seen = new Set<string>();
  return out.filter((m) => {
    const key = `${m.path}\u0000${m.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
