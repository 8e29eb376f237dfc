// The served variant's own settings (generated/variants/<ID>/config.ts): its frame policy and identity.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { VariantConfig } from '../generated/variants/types.ts';

const variantsDir = path.resolve(import.meta.dirname, '..', 'generated', 'variants');

/** The resolved config of a variant id, or an error naming the known ids. */
export async function loadVariantConfig(id: string): Promise<VariantConfig> {
  const file = path.join(variantsDir, id, 'config.ts');
  if (!/^[A-Z0-9_]+$/.test(id) || !existsSync(file)) {
    throw new Error(`Unknown VARIANT "${id}": expected one of the ids under generated/variants (for example CSD)`);
  }
  const module = (await import(file)) as { config: VariantConfig };
  return module.config;
}
