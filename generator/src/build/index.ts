/** `chatgen build`: generate, then build the variants one after another and summarise them. */
import { resolve } from 'node:path';
import { ChatgenError } from '../errors.ts';
import { renderGenerated, writeGenerated } from '../emit/index.ts';
import { variantFlagValues } from '../emit/flags.ts';
import { readContract } from '../load/contract.ts';
import { loadProject } from '../load/project.ts';
import { resolveVariant } from '../resolve/variant.ts';
import { measure } from './sizes.ts';
import { buildVariant } from './vite-build.ts';

export interface BuildOptions {
  root: string;
  ids?: string[];
  all?: boolean;
  /** Output directory, relative to the root unless absolute. */
  out?: string;
  /** URL path the builds are served from ('/' unless deployed under a sub-path such as '/webchat/'). */
  base?: string;
  /** Called before and after each variant (progress output). */
  onProgress?: (event: { id: string; phase: 'start' | 'done' | 'failed'; message?: string }) => void;
}

export interface VariantBuildResult {
  id: string;
  ok: boolean;
  error?: string;
  outDir: string;
  rawBytes: number;
  gzipBytes: number;
  ms: number;
  flagsOn: number;
  flagsOff: number;
}

export interface BuildReport {
  ok: boolean;
  results: VariantBuildResult[];
  totalMs: number;
}

export async function build(options: BuildOptions): Promise<BuildReport> {
  const started = performance.now();
  const project = loadProject(options.root);
  const ids = options.all ? [...project.variants.keys()].sort() : [...new Set(options.ids ?? [])];
  const unknown = ids.filter((id) => !project.variants.has(id));
  if (unknown.length > 0) throw new ChatgenError(`unknown variant id(s): ${unknown.join(', ')}`);
  const contract = readContract(project);
  writeGenerated(project.root, await renderGenerated(project, contract));
  const outRoot = resolve(project.root, options.out ?? 'dist');
  const results: VariantBuildResult[] = [];
  for (const id of ids) {
    const variant = resolveVariant(project, id, contract.defaults);
    const flagValues = variantFlagValues(contract, variant);
    const flags = Object.fromEntries(flagValues.map((f) => [f.name, f.value]));
    const flagsOn = flagValues.filter((f) => f.value).length;
    const outDir = resolve(outRoot, id);
    const t0 = performance.now();
    options.onProgress?.({ id, phase: 'start' });
    const base = { id, outDir, flagsOn, flagsOff: flagValues.length - flagsOn };
    try {
      await buildVariant({ root: project.root, id, outDir, flags, base: options.base });
      const sizes = measure(outDir);
      const ms = Math.round(performance.now() - t0);
      results.push({ ...base, ok: true, rawBytes: sizes.raw, gzipBytes: sizes.gzip, ms });
      options.onProgress?.({ id, phase: 'done' });
    } catch (cause) {
      const message = cause instanceof Error ? cause.message.split('\n')[0]! : String(cause);
      results.push({ ...base, ok: false, error: message, rawBytes: 0, gzipBytes: 0, ms: Math.round(performance.now() - t0) });
      options.onProgress?.({ id, phase: 'failed', message });
    }
  }
  return { ok: results.every((r) => r.ok), results, totalMs: Math.round(performance.now() - started) };
}
