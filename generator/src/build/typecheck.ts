/**
 * The type check `chatgen build` runs once per run before bundling: the modules the bundles are made of (what
 * the variants' entries, `generated/variants/<ID>/main.tsx`, import, and the declaration files of src/ and
 * generated/) under the root's tsconfig.json. The bundler strips types without checking them, so without this a
 * type error shipped with exit 0. A module of src/ that no bundle imports (a test helper) is not checked here.
 *
 * A pass is remembered (`typecheck/passed.txt` of the chatgen cache directory, the last few) under the hash of the
 * bytes of every file of src/ (tests aside) and generated/, comments included (`// @ts-expect-error` is a
 * comment), tsconfig.json, the lock file and the TypeScript version: a run whose sources were checked before
 * skips it without loading TypeScript. When they changed, TypeScript's incremental build information (kept
 * beside) limits the work to the changed files and those that depend on them.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, sep } from 'node:path';
import type ts from 'typescript';
import { chatgenCacheDir } from '../util/cache-dir.ts';
import { listFiles } from '../util/fs.ts';

export interface TypeCheckError {
  /** Relative to the root, `/`-separated. */
  file: string;
  line: number;
  column: number;
  message: string;
  code: number;
}

export type TypeCheckResult =
  | { status: 'passed' | 'remembered'; errors: [] }
  | { status: 'failed'; errors: TypeCheckError[] }
  | { status: 'no-tsconfig'; errors: [] };

const REMEMBERED_PASSES = 8;

/** src/ without test files, and generated/: what the bundles may be made of. */
function isBundleSource(rel: string): boolean {
  return /^(src|generated)\//.test(rel) && !/\.test\.[cm]?[jt]sx?$/.test(rel) && !/(^|\/)__tests__\//.test(rel);
}

const requireHere = createRequire(import.meta.url);

function typescriptVersion(): string {
  try {
    return (JSON.parse(readFileSync(requireHere.resolve('typescript/package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

function inputsHash(root: string): string {
  const hash = createHash('sha256').update(`typescript ${typescriptVersion()}\u0000`);
  for (const file of ['tsconfig.json', 'package-lock.json']) {
    if (existsSync(join(root, file))) hash.update(`${file}\u0000`).update(readFileSync(join(root, file))).update('\u0000');
  }
  for (const dir of ['src', 'generated']) {
    for (const rel of listFiles(join(root, dir)).map((f) => `${dir}/${f}`).filter(isBundleSource)) {
      hash.update(`${rel}\u0000`).update(readFileSync(join(root, rel))).update('\u0000');
    }
  }
  return hash.digest('hex');
}

function describe(ts: typeof import('typescript'), root: string, diagnostic: ts.Diagnostic): TypeCheckError {
  const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ').replace(/\s+/g, ' ').trim();
  if (!diagnostic.file || diagnostic.start === undefined) return { file: 'tsconfig.json', line: 1, column: 1, message, code: diagnostic.code };
  const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
  const file = relative(root, diagnostic.file.fileName).split(sep).join('/');
  return { file, line: line + 1, column: character + 1, message, code: diagnostic.code };
}

export function formatTypeError(error: TypeCheckError): string {
  return `${error.file}:${error.line}:${error.column}: ${error.message} [TS${error.code}]`;
}

/** `entries`: the variants' entry modules, relative to the root (`generated/variants/CSD/main.tsx`). */
export function typeCheck(root: string, entries: readonly string[]): TypeCheckResult {
  const configPath = join(root, 'tsconfig.json');
  if (!existsSync(configPath)) return { status: 'no-tsconfig', errors: [] };
  const cache = chatgenCacheDir(root);
  const stampDir = cache ? join(cache, 'typecheck') : undefined;
  const key = inputsHash(root);
  const passedFile = stampDir ? join(stampDir, 'passed.txt') : undefined;
  const passed = passedFile && existsSync(passedFile) ? readFileSync(passedFile, 'utf8').split('\n').filter(Boolean) : [];
  if (passed.includes(key)) return { status: 'remembered', errors: [] };

  const ts = requireHere('typescript') as typeof import('typescript');
  const read = ts.readConfigFile(configPath, (path) => ts.sys.readFile(path));
  if (read.error) return { status: 'failed', errors: [describe(ts, root, read.error)] };
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, root, undefined, configPath);
  const declarations = parsed.fileNames.filter((f) => f.endsWith('.d.ts') && isBundleSource(relative(root, f).split(sep).join('/')));
  const rootNames = [...new Set([...entries.map((e) => join(root, e)), ...declarations])].sort();

  const options: ts.CompilerOptions = {
    ...parsed.options,
    noEmit: true,
    ...(stampDir ? { incremental: true, tsBuildInfoFile: join(stampDir, 'bundle-sources.tsbuildinfo') } : {}),
  };
  if (stampDir) mkdirSync(stampDir, { recursive: true });
  const program = ts.createIncrementalProgram({ rootNames, options, configFileParsingDiagnostics: parsed.errors });
  const diagnostics = [
    ...program.getConfigFileParsingDiagnostics(),
    ...program.getOptionsDiagnostics(),
    ...program.getSyntacticDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...program.getSemanticDiagnostics(),
  ].filter((d) => d.category === ts.DiagnosticCategory.Error);
  program.emit(); // with noEmit: only the incremental build information
  if (diagnostics.length > 0) return { status: 'failed', errors: diagnostics.map((d) => describe(ts, root, d)) };
  // The most recent passes: switching back to a branch checked a moment ago skips the check.
  if (passedFile) writeFileSync(passedFile, `${[key, ...passed].slice(0, REMEMBERED_PASSES).join('\n')}\n`);
  return { status: 'passed', errors: [] };
}
