/** generated/flags/: the flag catalogue and one constants module per variant. */
import type { Contract } from '../load/contract.ts';
import type { ResolvedVariant } from '../resolve/variant.ts';
import { isObject } from '../util/json.ts';
import { commentText, render } from './render.ts';

export function emitFlagTypes(contract: Contract): Map<string, string> {
  const flags = [...contract.defaults.flags.values()].map((f) => ({
    ...f,
    comment: commentText(`${f.description || f.name} (group ${f.group}, default ${f.default})`),
  }));
  return new Map([['flags/types.ts', render('flag-types.ts', { flags })]]);
}

/** The catalogue's flags with this variant's values; flags the default set lacks are only listed in a comment. */
export function variantFlagValues(contract: Contract, variant: ResolvedVariant): Array<{ name: string; value: boolean }> {
  const values = isObject(variant.config.flags) ? variant.config.flags : {};
  return [...contract.defaults.flags.keys()].map((name) => ({ name, value: values[name] === true }));
}

export function emitVariantFlags(contract: Contract, variant: ResolvedVariant): Map<string, string> {
  const flags = variantFlagValues(contract, variant);
  const onCount = flags.filter((f) => f.value).length;
  return new Map([
    [
      `flags/${variant.id}.ts`,
      render('variant-flags.ts', {
        id: variant.id,
        flags,
        onCount,
        offCount: flags.length - onCount,
        unknownFlags: variant.unknownFlags,
      }),
    ],
  ]);
}
