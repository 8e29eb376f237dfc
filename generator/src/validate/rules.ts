/**
 * Rules on the resolved variant that JSON Schema cannot express: fields every build needs
 * (`x-resolved-required` of variant.schema.json), columns of 12, the chat room width range, flag dependencies
 * (`x-requires` of flags.json) and the values a switched-on flag needs (`x-requires-value`). Each finding names
 * the variant whose file owns the mistake.
 */
import type { Contract } from '../load/contract.ts';
import type { Project } from '../load/project.ts';
import { atPointer } from '../load/refs.ts';
import type { Defaults } from '../load/defaults.ts';
import { error, type Problem, pointerSegment } from '../problems.ts';
import { didYouMean } from './suggest.ts';
import type { ResolvedVariant } from '../resolve/variant.ts';
import { isObject } from '../util/json.ts';

export interface Finding {
  /** The variant whose file the mistake belongs to. */
  owner: string;
  path: string;
  message: string;
}

export interface RuleContext {
  project: Project;
  contract: Contract;
  resolved: ResolvedVariant;
  /** The most derived variant of the chain whose file sets one of the pointers; the chain root when none does. */
  ownerOf(pointers: readonly string[]): string;
}

function sets(project: Project, id: string, pointer: string): boolean {
  const json = project.variants.get(id)?.json;
  return json !== undefined && atPointer(json, pointer) !== undefined;
}

/** Fields variant.schema.json lists under `x-resolved-required`: every chain must end up with them. */
export function requiredFields(project: Project): string[] {
  const schema = project.schemas.get('variant.schema.json')?.json;
  const list = schema?.['x-resolved-required'];
  return Array.isArray(list) ? list.filter((k): k is string => typeof k === 'string') : [];
}

function missingFields(ctx: RuleContext): Finding[] {
  const config = ctx.resolved.config;
  return requiredFields(ctx.project)
    .filter((key) => config[key] === undefined)
    .map((key) => ({
      owner: ctx.ownerOf([`/${pointerSegment(key)}`]),
      path: `/${pointerSegment(key)}`,
      message: 'is required: a variant without extends must set it (no default)',
    }));
}

function layoutRules(ctx: RuleContext): Finding[] {
  const out: Finding[] = [];
  const layout = isObject(ctx.resolved.config.layout) ? ctx.resolved.config.layout : {};
  const columns = layout.columns;
  if (isObject(columns)) {
    const keys = ['left', 'main', 'right'];
    const parts = keys.map((k) => (typeof columns[k] === 'number' ? (columns[k] as number) : 0));
    const sum = parts.reduce((a, b) => a + b, 0);
    if (sum !== 12) {
      out.push({
        owner: ctx.ownerOf(keys.map((k) => `/layout/columns/${k}`)),
        path: '/layout/columns',
        message: `left + main + right must be 12 (${parts.join(' + ')} = ${sum})`,
      });
    }
  }
  const width = layout.chatRoomWidth;
  if (isObject(width) && typeof width.min === 'number' && typeof width.max === 'number' && width.min > width.max) {
    out.push({
      owner: ctx.ownerOf(['/layout/chatRoomWidth/min', '/layout/chatRoomWidth/max']),
      path: '/layout/chatRoomWidth',
      message: `min (${width.min}) must not exceed max (${width.max})`,
    });
  }
  return out;
}

/** flags.json: `"x-requires": ["IS_ALLOW_Y"]` on IS_ALLOW_X means X on needs Y on. */
export function flagRequirements(project: Project): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const properties = project.schemas.get('flags.json')?.json.properties;
  if (!isObject(properties)) return out;
  for (const [name, entry] of Object.entries(properties)) {
    const list = isObject(entry) ? entry['x-requires'] : undefined;
    if (Array.isArray(list)) out.set(name, list.filter((n): n is string => typeof n === 'string'));
  }
  return out;
}

/**
 * A flag that is on while one it needs is off. When the owning file switched the needed flag off, the line
 * points there and names every flag that still needs it (one mistake, one line); when it switched the
 * dependent on, the line points at that flag.
 */
function flagDependencies(ctx: RuleContext): Finding[] {
  const flags = isObject(ctx.resolved.config.flags) ? ctx.resolved.config.flags : {};
  const byNeeded = new Map<string, { owner: string; dependents: string[] }>();
  const out: Finding[] = [];
  for (const [flag, needs] of flagRequirements(ctx.project)) {
    if (flags[flag] !== true) continue;
    for (const needed of needs) {
      if (flags[needed] === true) continue;
      const owner = ctx.ownerOf([`/flags/${flag}`, `/flags/${needed}`]);
      // Defaults that contradict each other are a mistake of flags.json (flagRequirementProblems).
      if (!sets(ctx.project, owner, `/flags/${flag}`) && !sets(ctx.project, owner, `/flags/${needed}`)) continue;
      if (sets(ctx.project, owner, `/flags/${needed}`) && !sets(ctx.project, owner, `/flags/${flag}`)) {
        const entry = byNeeded.get(`${owner}\u0000${needed}`) ?? { owner, dependents: [] };
        entry.dependents.push(flag);
        byNeeded.set(`${owner}\u0000${needed}`, entry);
      } else {
        out.push({ owner, path: `/flags/${flag}`, message: `${flag} needs ${needed} switched on, and it is off` });
      }
    }
  }
  for (const [key, { owner, dependents }] of byNeeded) {
    const needed = key.split('\u0000')[1]!;
    const list = dependents.sort().join(', ');
    const verb = dependents.length === 1 ? 'needs' : 'need';
    out.push({ owner, path: `/flags/${needed}`, message: `${needed} is off, but ${list} (on) ${verb} it: switch ${dependents.length === 1 ? 'it' : 'them'} off too, or keep ${needed} on` });
  }
  return out;
}

/** flags.json: `"x-requires-value": ["/links/accessibilityBadge"]` on IS_SHOW_X means X on needs that value non-empty. */
export function flagValueRequirements(project: Project): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const properties = project.schemas.get('flags.json')?.json.properties;
  if (!isObject(properties)) return out;
  for (const [name, entry] of Object.entries(properties)) {
    const list = isObject(entry) ? entry['x-requires-value'] : undefined;
    if (Array.isArray(list)) out.set(name, list.filter((p): p is string => typeof p === 'string'));
  }
  return out;
}

/**
 * A switched-on feature whose value is empty (the accessibility badge without the page it opens). Reported at
 * the value when the owning file set it (to ""), else at the flag.
 */
function flagValues(ctx: RuleContext): Finding[] {
  const flags = isObject(ctx.resolved.config.flags) ? ctx.resolved.config.flags : {};
  const out: Finding[] = [];
  for (const [flag, pointers] of flagValueRequirements(ctx.project)) {
    if (flags[flag] !== true) continue;
    for (const pointer of pointers) {
      const value = atPointer(ctx.resolved.config, pointer);
      if (value !== undefined && value !== '' && value !== null) continue;
      const owner = ctx.ownerOf([`/flags/${flag}`, pointer]);
      const shown = pointer.slice(1).replace(/\//g, '.');
      const path = sets(ctx.project, owner, pointer) ? pointer : `/flags/${flag}`;
      out.push({ owner, path, message: `${flag} is on, but ${shown} is empty: give ${shown}, or switch ${flag} off` });
    }
  }
  return out;
}

/** flags.json itself: `x-requires` names known flags, and the defaults satisfy every requirement. */
export function flagRequirementProblems(project: Project, defaults: Defaults): Problem[] {
  const out: Problem[] = [];
  for (const [flag, needs] of flagRequirements(project)) {
    const at = `/properties/${pointerSegment(flag)}/x-requires`;
    for (const needed of needs) {
      const info = defaults.flags.get(needed);
      if (!info) out.push(error('schema/flags.json', at, `${needed} is not a flag of this file${didYouMean(needed, defaults.flags.keys())}`));
      else if (defaults.flags.get(flag)?.default === true && !info.default) {
        out.push(error('schema/flags.json', at, `${flag} is on by default but needs ${needed}, which is off by default`));
      }
    }
  }
  return out;
}

export function resolvedRules(ctx: RuleContext): Finding[] {
  return [...missingFields(ctx), ...layoutRules(ctx), ...flagDependencies(ctx), ...flagValues(ctx)];
}
