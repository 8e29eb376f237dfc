/** One Vite production build of one variant from generated/variants/<ID>/. */
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { build as viteBuild } from 'vite';
import { inlineFlagsPlugin } from './inline-flags.ts';

export interface VariantBuildInput {
  root: string;
  id: string;
  outDir: string;
  flags: Readonly<Record<string, boolean>>;
  /** URL path the build is served from, '/…/' (default '/'): see DEFAULT_BASE. */
  base?: string;
}

/**
 * Asset URLs are absolute from the path the build is served at. Relative ones ('./assets/…') broke deep links:
 * index.html served at /deeplink/gotoroom resolved them under /deeplink/. The page's strict CSP (script-src
 * 'self') rules out an inline script that would work the root out at run time, so a deployment under a sub-path
 * says so at build time (`chatgen build CSD --base /webchat/`); the router still takes its base from the page's
 * directory.
 */
export const DEFAULT_BASE = '/';

export async function buildVariant(input: VariantBuildInput): Promise<void> {
  const variantDir = join(input.root, 'generated', 'variants', input.id);
  await viteBuild({
    configFile: false,
    envFile: false,
    root: variantDir,
    base: input.base ?? DEFAULT_BASE,
    mode: 'production',
    logLevel: 'error',
    clearScreen: false,
    publicDir: false,
    plugins: [inlineFlagsPlugin(input.flags), react()],
    // Always a production build, even when the caller's NODE_ENV says otherwise (test runners set "test").
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
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
      // The favicon stays a file (browsers and bookmarks fetch it); other small assets may be inlined.
      assetsInlineLimit: (file: string) => (file.endsWith('favicon.svg') ? false : undefined),
    },
  });
}
