/** `chatgen verify [ID...] [--all] [--out dist] [--json]`: built output against its manifests, byte for byte. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { MANIFEST_FILE, readManifest } from '../build/manifest.ts';
import { readRunManifest, RUN_MANIFEST_FILE } from '../build/run-manifest.ts';
import { sha256Hex } from '../build/sizes.ts';
import { describeDifference, differences } from '../build/verify.ts';
import { log, out } from '../log.ts';
import { displayPath } from '../util/fs.ts';
import { requireIds } from './validate.ts';

export interface VerifyCommandOptions {
  root: string;
  all?: boolean;
  out: string;
  json?: boolean;
}

/** Every variant directory of the output (one holding build-info.json), sorted. */
function builtIds(outRoot: string): string[] {
  if (!existsSync(outRoot)) return [];
  return readdirSync(outRoot, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith('.') && existsSync(join(outRoot, e.name, MANIFEST_FILE)))
    .map((e) => e.name)
    .sort();
}

/** One line per difference, each naming the file: `dist/CSD/assets/index-abc.js: content differs from its recorded sha256`. */
export function verifyOutput(outRoot: string, shownRoot: string, ids: readonly string[]): Map<string, string[]> {
  const run = readRunManifest(outRoot);
  const found = new Map<string, string[]>();
  for (const id of ids) {
    const dir = join(outRoot, id);
    const shown = `${shownRoot}/${id}`;
    const manifest = readManifest(dir);
    const lines: string[] = [];
    if (!manifest) lines.push(`${shown}/${MANIFEST_FILE}: missing or unreadable (not built?)`);
    else if (manifest.status !== 'ok') lines.push(`${shown}/${MANIFEST_FILE}: the build ${manifest.status === 'invalid' ? 'was refused (invalid config)' : 'failed'}`);
    else lines.push(...differences(dir, manifest.files, [MANIFEST_FILE]).map((d) => describeDifference(`${shown}/`, d)));
    const recorded = run?.variants[id]?.buildInfo;
    if (manifest && recorded && recorded !== `sha256:${sha256Hex(readFileSync(join(dir, MANIFEST_FILE)))}`) {
      lines.push(`${shown}/${MANIFEST_FILE}: content differs from its sha256 in ${shownRoot}/${RUN_MANIFEST_FILE}`);
    }
    found.set(id, lines);
  }
  return found;
}

export function runVerify(ids: string[], options: VerifyCommandOptions): number {
  requireIds(ids, options.all);
  const root = resolve(options.root);
  const outRoot = resolve(root, options.out);
  const shownRoot = displayPath(root, outRoot) || '.';
  const checked = options.all ? builtIds(outRoot) : [...new Set(ids)];
  const found = verifyOutput(outRoot, shownRoot, checked);
  const bad = [...found].filter(([, lines]) => lines.length > 0);
  if (options.json) {
    out(JSON.stringify({ ok: bad.length === 0, checked, differences: Object.fromEntries(bad) }, null, 2));
  } else {
    for (const [, lines] of bad) for (const line of lines) out(line);
  }
  if (checked.length === 0) log.warn(`nothing to verify in ${shownRoot}/`);
  else if (bad.length === 0) log.info(`${checked.length} variant(s) verified: every file matches its build-info.json`);
  else log.info(`${bad.length} of ${checked.length} variant(s) differ from their manifests: ${bad.map(([id]) => id).join(', ')}`);
  return bad.length === 0 && checked.length > 0 ? 0 : 1;
}
