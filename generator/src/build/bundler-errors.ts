/**
 * The bundler's errors as one line each: `src/x.tsx:1:8: Could not resolve './y.ts' [UNRESOLVED_IMPORT]`.
 * Vite 8 (Rolldown) throws `Build failed with N error(s):` with an `errors` array whose messages are coloured,
 * boxed code frames spanning many lines; a build engineer needs the file, the line and what is wrong.
 */
import { existsSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import { oneLine } from '../problems.ts';

export interface BundlerError {
  /** Relative to the project root when inside it. */
  file?: string;
  line?: number;
  column?: number;
  message: string;
  code?: string;
}

interface RawError {
  message?: unknown;
  code?: unknown;
  id?: unknown;
  loc?: { line?: unknown; column?: unknown; file?: unknown };
  errors?: unknown;
}

// eslint-disable-next-line no-control-regex -- ANSI colour sequences are control characters by definition
const ANSI = /\u001b\[[0-9;]*m/g;
/** The location line of a code frame: `╭─[ ../../../src/x.tsx:2:19 ]`. */
const FRAME_LOCATION = /\[\s*([^\s\]]+?):(\d+):(\d+)\s*\]/;

function describeOne(raw: RawError, root: string, viteRoot: string): BundlerError {
  const text = String(raw.message ?? raw).replace(ANSI, '');
  const lines = text.split('\n').map((l) => l.trim()).filter(Boolean);
  const code = typeof raw.code === 'string' && raw.code !== 'PLUGIN_ERROR' ? raw.code : undefined;
  let message = (lines[0] ?? 'unknown error')
    .replace(/^\[[^\]\s]+\]\s*/, '') // "[UNRESOLVED_IMPORT] " or "[builtin:vite-transform] "
    .replace(/\s+in\s+\S+$/, '') // "... in ../../../src/x.tsx": the file is said up front
    .replace(/^Build failed with \d+ errors?:?$/, lines[1] ?? 'unknown error');
  const frame = lines.map((l) => FRAME_LOCATION.exec(l)).find(Boolean);
  let file = typeof raw.loc?.file === 'string' ? raw.loc.file : typeof raw.id === 'string' ? raw.id : frame?.[1];
  let line = typeof raw.loc?.line === 'number' ? raw.loc.line : frame ? Number(frame[2]) : undefined;
  // Rolldown's loc.column is 0-based; the frame (and editors) count from 1.
  let column = typeof raw.loc?.column === 'number' ? raw.loc.column + 1 : frame ? Number(frame[3]) : undefined;
  if (file) {
    file = file.replace(/\?.*$/, '');
    // Rolldown prints paths relative to the working directory; a plugin may give them relative to Vite's root.
    const fromCwd = resolve(file);
    const absolute = isAbsolute(file) ? file : existsSync(fromCwd) ? fromCwd : resolve(viteRoot, file);
    const inside = relative(root, absolute);
    file = inside.startsWith('..') ? absolute : inside.split('\\').join('/');
  } else {
    line = undefined;
    column = undefined;
  }
  if (message === '' && lines.length > 1) message = lines[1]!;
  return { file, line, column, message: oneLine(message), ...(code ? { code } : {}) };
}

export function describeBundlerErrors(cause: unknown, root: string, viteRoot: string): BundlerError[] {
  const raw = (typeof cause === 'object' && cause !== null ? cause : { message: String(cause) }) as RawError;
  const list = Array.isArray(raw.errors) && raw.errors.length > 0 ? (raw.errors as RawError[]) : [raw];
  return list.map((e) => describeOne(e, root, viteRoot));
}

export function formatBundlerError(e: BundlerError): string {
  const where = e.file ? `${e.file}${e.line !== undefined ? `:${e.line}:${e.column ?? 1}` : ''}: ` : '';
  return `${where}${e.message}${e.code ? ` [${e.code}]` : ''}`;
}
