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
}

export async function buildVariant(input: VariantBuildInput): Promise<void> {
  const variantDir = join(input.root, 'generated', 'variants', input.id);
  await viteBuild({
    configFile: false,
    envFile: false,
    root: variantDir,
    base: './', // the router base is the directory the build is served from
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
    build: { outDir: input.outDir, emptyOutDir: true, reportCompressedSize: false },
  });
}
