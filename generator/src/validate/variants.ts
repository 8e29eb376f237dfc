/**
 * `chatgen validate`: schema/ must compile; each variant file must be JSON matching variant.schema.json with
 * known flags and wording keys; each resolved variant (extends and defaults applied) must have every field a
 * build needs, columns of 12, flag dependencies met. A mistake is reported once, at the file and JSON path that
 * set it: a parent's error is not repeated by its children (docs/generator.md).
 */
import { type Contract, readContract } from '../load/contract.ts';
import { LOCALES } from '../load/defaults.ts';
import type { Project } from '../load/project.ts';
import { error, type Problem, pointerSegment, sortProblems, uniqueProblems } from '../problems.ts';
import { extendsChain } from '../resolve/chain.ts';
import { chainSetter, variantFile } from '../resolve/provenance.ts';
import { type ResolvedVariant, resolveVariant } from '../resolve/variant.ts';
import { isObject, type JsonObject } from '../util/json.ts';
import { getValidator } from './ajv.ts';
import { describeSchemaErrors } from './schema-errors.ts';
import { didYouMean } from './suggest.ts';
import { resolvedRules } from './rules.ts';

export interface ValidateOptions {
  /** Variant ids to check (with the variants they extend); ignored when `all` is set. */
  ids?: string[];
  all?: boolean;
  /** Warnings (a byte-order mark) become errors: what CI runs. */
  strict?: boolean;
}

export interface ValidationReport {
  ok: boolean;
  /** The ids asked for (all variant files with `all`). */
  checked: string[];
  /** Of `checked`, the ids that cannot be built as they are (an error in their chain or their resolved config). */
  invalid: string[];
  errors: Problem[];
  warnings: Problem[];
}

const VARIANT_SCHEMA_ID = 'https://chatgen.dev/schema/variant.schema.json';
const FLAG_NAME = /^IS_(ALLOW|SHOW)_[A-Z0-9_]+$/;

/** ajv's view of flag names and wording keys is replaced by the dedicated messages below. */
function isHandledElsewhere(path: string, keyword: string): boolean {
  if (keyword !== 'additionalProperties' && keyword !== 'propertyNames' && keyword !== 'pattern') return false;
  return /^\/(flags|wording)(\/|$)/.test(path);
}

function schemaProblems(contract: Contract, file: string, doc: JsonObject): Problem[] {
  const validate = getValidator(contract.ajv, VARIANT_SCHEMA_ID);
  if (!validate || validate(doc)) return [];
  const errors = (validate.errors ?? []).filter((e) => !isHandledElsewhere(e.instancePath, e.keyword));
  return describeSchemaErrors(errors).map((m) => error(file, m.path, m.message));
}

function flagProblems(contract: Contract, file: string, doc: JsonObject): Problem[] {
  const flags = doc.flags;
  if (!isObject(flags)) return [];
  const known = [...contract.defaults.flags.keys()];
  const out: Problem[] = [];
  for (const name of Object.keys(flags).sort()) {
    const path = `/flags/${pointerSegment(name)}`;
    if (!FLAG_NAME.test(name)) {
      out.push(error(file, path, `${name} is not a flag name (flags are IS_ALLOW_... or IS_SHOW_... in capitals)${didYouMean(name, known)}`));
    } else if (!contract.defaults.flags.has(name)) {
      // The seed: a variant that sets an unknown flag is reported as missing from the default set.
      out.push(error(file, path, `${name} is missing from the default set${didYouMean(name, known)}`));
    }
  }
  return out;
}

function wordingProblems(contract: Contract, file: string, doc: JsonObject): Problem[] {
  const wording = doc.wording;
  if (!isObject(wording)) return [];
  const keys = [...contract.defaults.wording.keys()];
  const out: Problem[] = [];
  for (const locale of Object.keys(wording).sort()) {
    const path = `/wording/${pointerSegment(locale)}`;
    if (!(LOCALES as readonly string[]).includes(locale)) {
      out.push(error(file, path, `unknown locale ${locale} (expected ${LOCALES.join(', ')})${didYouMean(locale, LOCALES)}`));
      continue;
    }
    const texts = wording[locale];
    if (!isObject(texts)) continue;
    for (const key of Object.keys(texts).sort()) {
      if (!contract.defaults.wording.has(key)) {
        out.push(error(file, `${path}/${pointerSegment(key)}`, `unknown wording key ${key}${didYouMean(key, keys)}`));
      }
    }
  }
  return out;
}

/** Mistakes inside one file, on its own: syntax, schema, flag names, wording keys, id. */
function fileProblems(project: Project, contract: Contract, id: string): Problem[] {
  const file = variantFile(id);
  const out = project.loadProblems.filter((p) => p.file === file);
  const variant = project.variants.get(id);
  if (!variant) {
    if (out.length === 0) out.push(error(file, '', `unknown variant id ${id} (no such file)${didYouMean(id, project.variants.keys())}`));
    return out;
  }
  const doc = variant.json;
  if (doc.id !== id) out.push(error(file, '/id', `id ${JSON.stringify(doc.id)} must equal the file name (${id})`));
  out.push(...schemaProblems(contract, file, doc), ...flagProblems(contract, file, doc), ...wordingProblems(contract, file, doc));
  return out;
}

/** Where a broken extends chain is reported: at the link that is wrong, once, however many variants extend it. */
function chainProblem(project: Project, id: string): Problem | undefined {
  const chain = extendsChain(project, id);
  if (chain.ok || chain.reason === 'unknown-id') return undefined;
  if (chain.reason === 'cycle') {
    const members = chain.message.replace(/^extends cycle: /, '').split(' → ').slice(0, -1);
    // Said once, at the member that sorts first, starting the cycle there.
    const first = [...members].sort()[0]!;
    const start = members.indexOf(first);
    const cycle = [...members.slice(start), ...members.slice(0, start), first].join(' → ');
    return error(variantFile(first), '/extends', `extends cycle: ${cycle}`);
  }
  if (chain.reason === 'unknown-parent') {
    const parent = String(project.variants.get(chain.at)?.json.extends);
    // A parent whose file exists but cannot be read (bad JSON, not UTF-8) is reported there, once.
    if (project.loadProblems.some((p) => p.file === variantFile(parent))) return undefined;
    // Never the file itself: a variant cannot extend itself.
    const others = [...project.variants.keys()].filter((v) => v !== chain.at);
    return error(variantFile(chain.at), '/extends', `${chain.message}${didYouMean(parent, others)}`);
  }
  return error(variantFile(chain.at), '/extends', chain.message);
}

/**
 * Checks on the resolved variant. Each finding belongs to the most derived file of the chain that set one of
 * the values involved (the chain root when none did): reported here only when that is this variant's own file,
 * since an ancestor's own check meets the same values and reports it there. `found` says whether this variant
 * has any finding at all, wherever it is reported.
 */
function resolvedProblems(project: Project, contract: Contract, resolved: ResolvedVariant): { own: Problem[]; found: boolean } {
  const root = resolved.chain[0]!;
  const ownerOf = (pointers: readonly string[]): string => chainSetter(project, resolved.chain, pointers) ?? root;
  const findings = resolvedRules({ project, contract, resolved, ownerOf });
  const validate = getValidator(contract.ajv, VARIANT_SCHEMA_ID);
  if (validate && !validate(resolved.config)) {
    const errors = (validate.errors ?? []).filter((e) => !isHandledElsewhere(e.instancePath, e.keyword));
    for (const m of describeSchemaErrors(errors)) findings.push({ owner: ownerOf([m.path]), path: m.path, message: m.message });
  }
  const own = findings.filter((f) => f.owner === resolved.id).map((f) => error(variantFile(f.owner), f.path, f.message));
  return { own, found: findings.length > 0 };
}

/** Fills line and column of problems whose JSON path is in the file (the value, or the nearest object holding it). */
function locate(project: Project, problem: Problem): Problem {
  if (problem.line !== undefined) return problem;
  const positions = problem.file.startsWith('variants/')
    ? project.variants.get(problem.file.slice('variants/'.length, -'.json'.length))?.positions
    : problem.file.startsWith('schema/')
      ? project.schemas.get(problem.file.slice('schema/'.length))?.positions
      : undefined;
  if (!positions) return problem;
  let pointer = problem.path;
  for (;;) {
    const at = positions.get(pointer);
    if (at) return { ...problem, line: at.line, column: at.column };
    if (pointer === '') return problem;
    pointer = pointer.slice(0, pointer.lastIndexOf('/'));
  }
}

export function validateVariants(project: Project, options: ValidateOptions = {}, contract = readContract(project)): ValidationReport {
  const ids = options.all ? [...project.variants.keys()] : [...new Set(options.ids ?? [])];
  // Variant files that are not valid JSON are not in project.variants; --all must still report them.
  if (options.all) {
    for (const p of project.loadProblems) {
      const match = /^variants\/([^/]+)\.json$/.exec(p.file);
      if (match && !ids.includes(match[1]!)) ids.push(match[1]!);
    }
  }
  ids.sort();

  const problems: Problem[] = [...contract.problems];
  const schemaBroken = contract.problems.some((p) => p.severity === 'error');
  const fileChecked = new Map<string, Problem[]>();
  const checkFile = (id: string): Problem[] => {
    if (!fileChecked.has(id)) {
      const found = fileProblems(project, contract, id);
      fileChecked.set(id, found);
      problems.push(...found);
    }
    return fileChecked.get(id)!;
  };
  const hasError = (list: Problem[]): boolean => list.some((p) => p.severity === 'error');

  const invalid = new Set<string>();
  const resolvedChecked = new Map<string, boolean>();
  const checkVariant = (id: string): boolean => {
    if (resolvedChecked.has(id)) return resolvedChecked.get(id)!;
    resolvedChecked.set(id, false);
    let ok = !hasError(checkFile(id)) && !schemaBroken;
    const chain = extendsChain(project, id);
    if (!chain.ok) {
      const broken = chainProblem(project, id);
      if (broken) problems.push(broken);
      // The files of a broken chain are still checked on their own.
      let current = project.variants.get(id)?.json.extends;
      const seen = new Set([id]);
      while (typeof current === 'string' && project.variants.has(current) && !seen.has(current)) {
        seen.add(current);
        checkFile(current);
        current = project.variants.get(current)!.json.extends;
      }
      resolvedChecked.set(id, false);
      return false;
    }
    for (const link of chain.chain.slice(0, -1)) if (!checkVariant(link)) ok = false;
    const { own, found } = resolvedProblems(project, contract, resolveVariant(project, id, contract.defaults));
    problems.push(...own);
    if (found) ok = false;
    resolvedChecked.set(id, ok);
    return ok;
  };
  for (const id of ids) if (!checkVariant(id)) invalid.add(id);

  const strict = options.strict ?? false;
  const all = sortProblems(uniqueProblems(problems.map((p) => (strict && p.severity === 'warning' ? { ...p, severity: 'error' as const } : p))));
  const errors = all.filter((p) => p.severity === 'error').map((p) => locate(project, p));
  const warnings = all.filter((p) => p.severity === 'warning').map((p) => locate(project, p));
  return { ok: errors.length === 0, checked: ids, invalid: ids.filter((id) => invalid.has(id)), errors, warnings };
}
