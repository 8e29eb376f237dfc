/** File-system helpers with sorted, deterministic listings. */
import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** All files under `dir` (recursively), as `/`-separated paths relative to `dir`, sorted. */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (current: string): void => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const full = join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) out.push(relative(dir, full).split(sep).join('/'));
    }
  };
  if (isDirectory(dir)) walk(dir);
  return out.sort();
}

export function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Forward-slash relative path for messages (`variants/CSD.json`). */
export function displayPath(root: string, file: string): string {
  return relative(root, file).split(sep).join('/');
}
