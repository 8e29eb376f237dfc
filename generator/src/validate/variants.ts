/** `chatgen validate`: schema/ must compile, each variant file must match variant.schema.json and the format rules. */
import { LOCALES } from '../load/defaults.ts';
import { type Contract, readContract } from '../load/contract.ts';
import type { Project } from '../load/project.ts';
import { error, type Problem, pointerSegment, sortProblems, warning } from '../problems.ts';
import { extendsChain } from '../resolve/chain.ts';
import { resolveVariant } from '../resolve/variant.ts';
import { isObject, type JsonObject } from '../util/json.ts';
import { describeAjvError, getValidator } from './ajv.ts';

export interface ValidateOptions {
  /** Variant ids to check; ignored when `all` is set. */
  ids?: string[];
  all?: boolean;
  /** Unknown flags become errors. */
  strict?: boolean;
}

export interface ValidationReport {
  ok: boolean;
  checked: string[];
  errors: Problem[];
  warnings: Problem[];
}

const FLAG_NAME = /^IS_(ALLOW|SHOW)_[A-Z0-9_]+$/;

/** ajv's view of unknown flags and wording keys is replaced by the dedicated messages below. */
function isHandledElsewhere(path: string, keyword: string): boolean {
  if (keyword !== 'additionalProperties' && keyword !== 'propertyNames' && keyword !== 'pattern') return false;
  return /^\/flags(\/|$)/.test(path) || /^\/wording\/[^/]+(\/|$)/.test(path);
}

function schemaProblems(contract: Contract, variantFile: string, doc: JsonObject, label = ''): Problem[] {
  const validate = getValidator(contract.ajv, 'https://chatgen.dev/schema/variant.schema.json');
  if (!validate) return [];
  if (validate(doc)) return [];
  const out: Problem[] = [];
  for (const err of validate.errors ?? []) {
    if (err.keyword === 'if') continue; // its branch errors say what is wrong
    if (isHandledElsewhere(err.instancePath, err.keyword)) continue;
    const { path, message } = describeAjvError(err);
    out.push(error(variantFile, path, label + message));
  }
  // anyOf/oneOf summaries only help when no more precise error was given for the same value.
  return out.filter(
    (p, i) =>
      !/must match (a|exactly one) schema in (anyOf|oneOf)/.test(p.message) ||
      !out.some((q, j) => j !== i && q.path === p.path),
  );
}

function flagProblems(contract: Contract, file: string, doc: JsonObject, strict: boolean): Problem[] {
  const flags = doc.flags;
  if (!isObject(flags)) return [];
  const out: Problem[] = [];
  for (const name of Object.keys(flags).sort()) {
    const path = `/flags/${pointerSegment(name)}`;
    if (!FLAG_NAME.test(name)) {
      out.push(error(file, path, `${name} is not a flag name (must match ^IS_(ALLOW|SHOW)_[A-Z0-9_]+$)`));
    } else if (!contract.defaults.flags.has(name)) {
      const make = strict ? error : warning;
      out.push(make(file, path, `${name} is missing from the default set`));
    }
  }
  return out;
}

function wordingProblems(contract: Contract, file: string, doc: JsonObject): Problem[] {
  const wording = doc.wording;
  if (!isObject(wording)) return [];
  const out: Problem[] = [];
  for (const locale of Object.keys(wording).sort()) {
    const path = `/wording/${pointerSegment(locale)}`;
    if (!(LOCALES as readonly string[]).includes(locale)) {
      out.push(error(file, path, `unknown locale ${locale} (expected ${LOCALES.join(', ')})`));
      continue;
    }
    const texts = wording[locale];
    if (!isObject(texts)) continue;
    for (const key of Object.keys(texts).sort()) {
      if (!contract.defaults.wording.has(key)) out.push(error(file, `${path}/${pointerSegment(key)}`, `unknown wording key ${key}`));
    }
  }
  return out;
}

/** Rules on the resolved document that JSON Schema cannot express. */
function resolvedProblems(file: string, resolved: JsonObject): Problem[] {
  const out: Problem[] = [];
  const layout = isObject(resolved.layout) ? resolved.layout : {};
  const columns = layout.columns;
  if (isObject(columns)) {
    const parts = ['left', 'main', 'right'].map((k) => (typeof columns[k] === 'number' ? (columns[k] as number) : 0));
    const sum = parts.reduce((a, b) => a + b, 0);
    if (sum !== 12) {
      out.push(error(file, '/layout/columns', `left + main + right must be 12 (${parts.join(' + ')} = ${sum})`));
    }
  }
  const width = layout.chatRoomWidth;
  if (isObject(width) && typeof width.min === 'number' && typeof width.max === 'number' && width.min > width.max) {
    out.push(error(file, '/layout/chatRoomWidth', `min (${width.min}) must not exceed max (${width.max})`));
  }
  return out;
}

function variantProblems(project: Project, contract: Contract, id: string, strict: boolean): Problem[] {
  const variant = project.variants.get(id);
  const file = `variants/${id}.json`;
  const loadErrors = project.loadProblems.filter((p) => p.file === file);
  if (!variant) return loadErrors.length > 0 ? loadErrors : [error(file, '', `unknown variant id ${id} (no such file)`)];
  const doc = variant.json;
  const out: Problem[] = [];
  if (doc.id !== id) out.push(error(file, '/id', `id ${JSON.stringify(doc.id)} must equal the file name (${id})`));
  out.push(...schemaProblems(contract, file, doc));
  out.push(...flagProblems(contract, file, doc, strict));
  out.push(...wordingProblems(contract, file, doc));
  const chain = extendsChain(project, id);
  if (!chain.ok) {
    out.push(error(file, '/extends', chain.message));
    return out;
  }
  const resolved = resolveVariant(project, id, contract.defaults).config;
  out.push(...resolvedProblems(file, resolved));
  // The resolved document must itself be a valid variant (a chain may leave out nothing the schema requires).
  for (const p of schemaProblems(contract, file, resolved, 'after extends and defaults: ')) {
    if (!out.some((q) => q.path === p.path)) out.push(p);
  }
  return out;
}

export function validateVariants(project: Project, options: ValidateOptions = {}, contract = readContract(project)): ValidationReport {
  const ids = options.all ? [...project.variants.keys()].sort() : [...new Set(options.ids ?? [])];
  const problems: Problem[] = [...contract.problems];
  // Variant files that are not valid JSON are not in project.variants; --all must still report them.
  if (options.all) {
    for (const p of project.loadProblems) {
      const match = p.file.match(/^variants\/(.+)\.json$/);
      if (match && !ids.includes(match[1]!)) ids.push(match[1]!);
    }
    ids.sort();
  }
  for (const id of ids) problems.push(...variantProblems(project, contract, id, options.strict ?? false));
  const sorted = sortProblems(problems);
  const errors = sorted.filter((p) => p.severity === 'error');
  return { ok: errors.length === 0, checked: ids, errors, warnings: sorted.filter((p) => p.severity === 'warning') };
}
