/**
 * Hashes of source files as the bundler sees them: a module of code is hashed as its syntax tree without
 * positions, so a comment, a reworded doc comment (a flag's description reaches generated/ as one) or a blank
 * line does not change the cache key and rebuilds nothing. Comments that can change a bundle still count: legal
 * comments (`/*! ... *\/`, `@license`, `@preserve`, which the bundler copies into its output) and annotations
 * (`@__PURE__`, `@__NO_SIDE_EFFECTS__`, `@vite-ignore`, `sourceMappingURL`). Other files are hashed as they are.
 *
 * Parsing every module on every run costs seconds, so the hash of that form is remembered per hash of the file's
 * bytes (`source-hashes.json` in the chatgen cache directory): a run parses only the files that changed.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { chatgenCacheDir } from '../util/cache-dir.ts';
import { sha256Hex } from './sizes.ts';

type ParseSync = (typeof import('rolldown/experimental'))['parseSync'];
let parseSync: ParseSync | undefined;

/** Rolldown's parser, loaded on first use: a run whose files are all in the memo never needs it. */
function parser(): ParseSync {
  parseSync ??= (createRequire(import.meta.url)('rolldown/experimental') as typeof import('rolldown/experimental')).parseSync;
  return parseSync;
}

const CODE_FILE = /\.[cm]?[jt]sx?$/;
const MEANINGFUL_COMMENT = /^\s*!|[@#]__(PURE|NO_SIDE_EFFECTS)__|@vite-ignore|@license|@preserve|sourceMappingURL/;

/**
 * What of a module can reach a bundle: its syntax tree without positions, and the comments the bundler reads. The
 * text itself when it does not parse (the bundler will say why).
 */
export function bundleForm(file: string, text: string): string {
  const parsed = parser()(file, text);
  if (parsed.errors.length > 0) return text;
  const tree = JSON.stringify(parsed.program, (key, value: unknown) => (key === 'start' || key === 'end' ? undefined : value));
  const kept = parsed.comments.filter((c) => MEANINGFUL_COMMENT.test(c.value)).map((c) => c.value);
  return `${tree}\u0000${JSON.stringify(kept)}`;
}

export class SourceHasher {
  private readonly memoFile: string | undefined;
  private readonly memo: Record<string, string>;
  private readonly used: Record<string, string> = {};

  constructor(root: string) {
    const dir = chatgenCacheDir(root);
    this.memoFile = dir ? join(dir, 'source-hashes.json') : undefined;
    this.memo = this.load();
  }

  private load(): Record<string, string> {
    try {
      return this.memoFile && existsSync(this.memoFile) ? (JSON.parse(readFileSync(this.memoFile, 'utf8')) as Record<string, string>) : {};
    } catch {
      return {}; // a damaged memo is only slower
    }
  }

  /** sha256 of what the file contributes to a bundle (`rel` tells code from other files). */
  hash(rel: string, bytes: Buffer): string {
    const raw = sha256Hex(bytes);
    if (!CODE_FILE.test(rel)) return raw;
    const memoKey = `${raw}:${rel.slice(rel.lastIndexOf('.'))}`;
    const known = this.memo[memoKey] ?? sha256Hex(bundleForm(rel, bytes.toString('utf8')));
    this.used[memoKey] = known;
    return known;
  }

  /** Keeps the hashes of the files met in this run (older ones are dropped). */
  save(): void {
    if (!this.memoFile) return;
    const text = JSON.stringify(this.used);
    if (text === JSON.stringify(this.memo)) return;
    try {
      mkdirSync(dirname(this.memoFile), { recursive: true });
      const temp = `${this.memoFile}.tmp-${process.pid}`;
      writeFileSync(temp, text);
      renameSync(temp, this.memoFile);
    } catch {
      // An optimisation only.
    }
  }
}
