/** Walks `extends` from a variant up to its root, detecting unknown parents and cycles. */
import type { Project } from '../load/project.ts';

export type ChainResult =
  | { ok: true; chain: string[] }
  | { ok: false; reason: 'unknown-id' | 'unknown-parent' | 'cycle' | 'bad-extends'; message: string; at: string };

/** Returns the chain root first, the variant itself last. */
export function extendsChain(project: Project, id: string): ChainResult {
  if (!project.variants.has(id)) return { ok: false, reason: 'unknown-id', message: `unknown variant id ${id}`, at: id };
  const chain: string[] = [];
  let current: string | undefined = id;
  while (current !== undefined) {
    if (chain.includes(current)) {
      const cycle = [...chain.slice(chain.indexOf(current)), current].join(' → ');
      return { ok: false, reason: 'cycle', message: `extends cycle: ${cycle}`, at: chain[chain.length - 1]! };
    }
    chain.push(current);
    const variant = project.variants.get(current);
    if (!variant) {
      const child = chain[chain.length - 2]!;
      return { ok: false, reason: 'unknown-parent', message: `extends unknown variant id ${current}`, at: child };
    }
    const parent = variant.json.extends;
    if (parent !== undefined && typeof parent !== 'string') {
      return { ok: false, reason: 'bad-extends', message: 'extends must be a variant id', at: current };
    }
    current = parent;
  }
  return { ok: true, chain: chain.reverse() };
}
