/**
 * Sizes per route of a built variant, from Vite's manifest. The seed's three routes: `/` (browser check) and
 * `/login` are in the entry bundle (the client's shell, without a router); `/chatroom` is the signed-in app
 * (src/app/SignedInApp.tsx, with react-router and the chat), loaded on demand. A route costs what the browser
 * fetches to show it: index.html, the entry chunk with its static imports and CSS, plus the on-demand chunks of
 * its own modules when there are any. Other on-demand chunks (QR login, ...) are listed apart, by source module,
 * with what they add.
 */
import { type FileSize, type Sizes, total } from './sizes.ts';
import type { ViteManifest } from './vite-build.ts';

/**
 * The seed's routes and the source modules each one loads on demand (relative to the project root): a module
 * directly in the route's feature folder, or the signed-in app (src/app/SignedInApp.tsx and the chat room it
 * composes, src/app/chatroom/, which the embedded app loads alone). Modules in a feature's sub-folders (the login
 * page's QR, webview, automatic-login and change-password modules) load only when that mode is used, and are listed
 * under onDemand.
 */
export const SEED_ROUTES = [
  { path: '/', modules: /^src\/features\/browser-check\/[^/]+$/ },
  { path: '/login', modules: /^src\/features\/login\/[^/]+$/ },
  { path: '/chatroom', modules: /^src\/app\/(SignedInApp\.tsx|chatroom\/[^/]+)$/ },
] as const;

export interface RouteSizes {
  routes: Record<string, Sizes>;
  /** The JavaScript alone of each route (what the page must download and run before it shows): the budget. */
  routeScripts: Record<string, Sizes>;
  /** On-demand chunks no route loads at once, by source module (relative to the project root). */
  onDemand: Record<string, Sizes>;
}

/** Files a chunk needs: itself, its CSS and assets, and the same for its static imports. */
function closure(manifest: ViteManifest, key: string, seen = new Set<string>(), files = new Set<string>()): Set<string> {
  if (seen.has(key)) return files;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) return files;
  files.add(chunk.file);
  for (const f of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(f);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, seen, files);
  return files;
}

/** `../../../src/app/chatroom/Chatroom.tsx` → `src/app/chatroom/Chatroom.tsx`. */
function sourcePath(key: string): string {
  return key.replace(/^(\.\.\/)+/, '');
}

export function routeSizes(manifest: ViteManifest, files: Map<string, FileSize>): RouteSizes {
  const sizeOf = (set: Set<string>): Sizes => total([...set].map((f) => files.get(f) ?? { raw: 0, gzip: 0 }));
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry) ?? 'index.html';
  const initial = closure(manifest, entryKey);
  if (files.has('index.html')) initial.add('index.html');
  const dynamic = Object.keys(manifest).filter((k) => manifest[k]!.isDynamicEntry).sort();
  const routes: Record<string, Sizes> = {};
  const routeScripts: Record<string, Sizes> = {};
  const routed = new Set<string>();
  for (const route of SEED_ROUTES) {
    const set = new Set(initial);
    for (const own of dynamic.filter((k) => route.modules.test(sourcePath(k)))) {
      routed.add(own);
      for (const f of closure(manifest, own)) set.add(f);
    }
    routes[route.path] = sizeOf(set);
    routeScripts[route.path] = sizeOf(new Set([...set].filter((f) => f.endsWith('.js'))));
  }
  const onDemand: Record<string, Sizes> = {};
  for (const key of dynamic.filter((k) => !routed.has(k))) {
    onDemand[sourcePath(key)] = sizeOf(new Set([...closure(manifest, key)].filter((f) => !initial.has(f))));
  }
  return { routes, routeScripts, onDemand };
}
