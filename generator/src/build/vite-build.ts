/** One Vite production build of one variant from generated/variants/<ID>/. */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { build as viteBuild, type Logger } from 'vite';
import { log } from '../log.ts';
import { DEFAULT_BASE, variantSourceDir } from './base.ts';
import { inlineFlagsPlugin } from './inline-flags.ts';

/** Where Vite's console output goes: warnings and debug lines, one line each, already prefixed with the id. */
export interface BuildLogSink {
  warn(line: string): void;
  debug(line: string): void;
}

export interface VariantBuildInput {
  root: string;
  id: string;
  outDir: string;
  flags: Readonly<Record<string, boolean>>;
  /** URL path the build is served from, '/…/' (default '/'): see DEFAULT_BASE. */
  base?: string;
  /** Also write source maps (`*.map`), not referenced from the JavaScript (the caller moves them out). */
  sourcemap?: boolean;
}


/** The index modules of src/features/<feature>/, src/ui/ and src/core/: re-exports only, no side effects. */
export const PUBLIC_INDEX = /[\\/]src[\\/](features[\\/][^\\/]+|ui|core)[\\/]index\.tsx?$/;

/** Vite's `build.manifest`: source module → emitted chunk, with its static and dynamic imports. */
export type ViteManifest = Record<
  string,
  { file: string; src?: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[]; assets?: string[] }
>;

/** Vite's own console output goes to the debug log; its errors reach the caller as the thrown error. */
function quietLogger(id: string, sink: BuildLogSink): Logger {
  const warned = new Set<string>();
  const debug = (msg: string): void => sink.debug(`${id}: ${msg}`);
  return {
    info: debug,
    warn: (msg) => sink.warn(`${id}: ${msg}`),
    warnOnce: (msg) => {
      if (!warned.has(msg)) sink.warn(`${id}: ${msg}`);
      warned.add(msg);
    },
    error: debug,
    clearScreen: () => undefined,
    hasErrorLogged: () => false,
    hasWarned: false,
  };
}

export interface VariantBuildOutput {
  manifest: ViteManifest;
  /** The flags the bundled modules import from `@variant/flags`, sorted. */
  flagsRead: string[];
}

/**
 * Builds into `outDir` (emptied first) and returns Vite's manifest; the manifest file itself is not left behind.
 * Runs in the calling thread; `chatgen build` calls it from its build threads (build/worker-pool.ts).
 */
export async function buildVariant(input: VariantBuildInput, sink: BuildLogSink = log): Promise<VariantBuildOutput> {
  const variantDir = variantSourceDir(input.root, input.id);
  const flagsRead = new Set<string>();
  await viteBuild({
    configFile: false,
    envDir: false, // no .env files: a variant's settings come from its config only
    root: variantDir,
    base: input.base ?? DEFAULT_BASE,
    mode: 'production',
    logLevel: 'warn',
    customLogger: quietLogger(input.id, sink),
    clearScreen: false,
    publicDir: false,
    plugins: [inlineFlagsPlugin(input.flags, flagsRead), react()],
    // Always a production build, even when the caller's NODE_ENV says otherwise (test runners set "test").
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    // CSS modules through Lightning CSS (native code) rather than PostCSS and postcss-modules, which ran in
    // JavaScript on the build's thread for each variant; class names are `<hash>_<local>` instead of `_<local>_<hash>`.
    css: { transformer: 'lightningcss' },
    resolve: {
      alias: [
        { find: '@generated', replacement: join(input.root, 'generated') },
        { find: '@variant', replacement: variantDir },
        { find: '@src', replacement: join(input.root, 'src') },
      ],
    },
    build: {
      outDir: input.outDir,
      emptyOutDir: true,
      reportCompressedSize: false,
      manifest: true,
      // 'hidden': the maps are written but no served file names them (no sourceMappingURL comment).
      sourcemap: input.sourcemap ? 'hidden' : false,
      // The favicon stays a file (browsers and bookmarks fetch it); other small assets may be inlined.
      assetsInlineLimit: (file: string) => (file.endsWith('favicon.svg') ? false : undefined),
      rolldownOptions: {
        // Only the re-exports a build uses are loaded from a side-effect-free barrel module: lucide-react's index
        // re-exports ~2,000 icon modules, which were all loaded and parsed for each variant (a quarter of its CPU).
        experimental: { lazyBarrel: true },
        // The same for the project's own barrels: a feature's index.ts (and ui/, core/) only re-exports, so a
        // module importing one name from it does not reach the others. Without this, the login page reached the
        // session core, TanStack Query and the profile calls through features/session/index.ts.
        treeshake: { moduleSideEffects: [{ test: PUBLIC_INDEX, sideEffects: false }] },
        // Everything the entry imports statically (React, i18next, the shell, the login page) in one file: the
        // bundler's own split put it in six chunks shared with the on-demand ones, and six files compress worse
        // than one (each gzip stream starts without a dictionary, and each adds its imports and exports).
        output: { codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] } },
      },
    },
  });
  const manifestDir = join(input.outDir, '.vite');
  const manifest = JSON.parse(readFileSync(join(manifestDir, 'manifest.json'), 'utf8')) as ViteManifest;
  rmSync(manifestDir, { recursive: true, force: true });
  return { manifest, flagsRead: [...flagsRead].sort() };
}
