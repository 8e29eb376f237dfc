/**
 * Where chatgen keeps what it can recompute (the schema compile check, finished builds): `$CHATGEN_CACHE_DIR`,
 * else `node_modules/.cache/chatgen` under the project root, the usual home of tool caches. A root without
 * node_modules (a bare copy of schema/ and variants/) has no cache unless the variable names one.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

export function chatgenCacheDir(root: string): string | undefined {
  if (process.env.CHATGEN_CACHE_DIR) return resolve(process.env.CHATGEN_CACHE_DIR);
  const modules = join(root, 'node_modules');
  return existsSync(modules) ? join(modules, '.cache', 'chatgen') : undefined;
}
