/** Where a variant's entry lives and the URL path builds are served from by default (no bundler loaded). */
import { join } from 'node:path';

/**
 * Asset URLs are absolute from the path the build is served at. Relative ones ('./assets/…') broke deep links:
 * index.html served at /deeplink/gotoroom resolved them under /deeplink/. The page's strict CSP (script-src
 * 'self') rules out an inline script that would work the root out at run time, so a deployment under a sub-path
 * says so at build time (`chatgen build CSD --base /webchat/`); the router still takes its base from the page's
 * directory.
 */
export const DEFAULT_BASE = '/';

export function variantSourceDir(root: string, id: string): string {
  return join(root, 'generated', 'variants', id);
}
