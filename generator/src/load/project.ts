/** Reads schema/ and variants/ of a project root into memory; unreadable files become problems, not crashes. */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { UsageError } from '../errors.ts';
import { error, type Problem, warning } from '../problems.ts';
import { isDirectory, listFiles } from '../util/fs.ts';
import { isObject, type JsonObject } from '../util/json.ts';
import { parseJsonText, type TextPosition } from './json-text.ts';
import { decodeUtf8 } from './encoding.ts';

export const SCHEMA_ID_BASE = 'https://chatgen.dev/schema/';

export interface SchemaFile {
  /** Path relative to schema/ (`entities/message.json`). */
  rel: string;
  /** Path relative to the root (`schema/entities/message.json`), used in messages. */
  file: string;
  /** The `$id` the file must carry. */
  id: string;
  json: JsonObject;
  /** JSON pointer → where its value starts in the file (for line numbers in reports). */
  positions: Map<string, TextPosition>;
}

export interface VariantFile {
  /** The id taken from the file name. */
  id: string;
  file: string;
  json: JsonObject;
  /** JSON pointer → where its value starts in the file (for line numbers in reports). */
  positions: Map<string, TextPosition>;
}

export interface Project {
  root: string;
  schemas: Map<string, SchemaFile>;
  variants: Map<string, VariantFile>;
  /** Problems met while reading (bad JSON, missing `$id`, ...). */
  loadProblems: Problem[];
}

interface ReadJson {
  json: JsonObject;
  positions: Map<string, TextPosition>;
}

const BOM_WARNING =
  'starts with a UTF-8 byte-order mark (accepted; other JSON tools may reject it: save the file as UTF-8 without BOM)';

function readJson(abs: string, file: string, problems: Problem[]): ReadJson | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(abs);
  } catch (cause) {
    problems.push(error(file, '', `cannot read file (${(cause as Error).message})`));
    return undefined;
  }
  const decoded = decodeUtf8(bytes);
  if (!decoded.ok) {
    problems.push({ ...error(file, '', decoded.message), line: decoded.line, column: decoded.column });
    return undefined;
  }
  const parsed = parseJsonText(decoded.text);
  if (parsed.bom) problems.push({ ...warning(file, '', BOM_WARNING), line: 1, column: 1 });
  if (parsed.syntaxError) {
    const { line, column, message } = parsed.syntaxError;
    problems.push({ ...error(file, '', `invalid JSON: ${message}`), line, column });
    return undefined;
  }
  for (const d of parsed.duplicates) problems.push({ ...error(file, d.pointer, d.message), line: d.line, column: d.column });
  if (!isObject(parsed.value)) {
    problems.push({ ...error(file, '', 'must contain a JSON object'), line: 1, column: 1 });
    return undefined;
  }
  return { json: parsed.value, positions: parsed.positions };
}

export function loadProject(rootDir = process.cwd()): Project {
  const root = resolve(rootDir);
  if (!isDirectory(root)) throw new UsageError(`--root ${rootDir}: no such directory`);
  if (!isDirectory(join(root, 'schema'))) {
    throw new UsageError(`${root} has no schema/ directory (point --root at the repository root)`);
  }
  const loadProblems: Problem[] = [];
  const schemas = new Map<string, SchemaFile>();
  for (const rel of listFiles(join(root, 'schema')).filter((f) => f.endsWith('.json'))) {
    const file = `schema/${rel}`;
    const read = readJson(join(root, 'schema', rel), file, loadProblems);
    if (!read) continue;
    const { json, positions } = read;
    const id = SCHEMA_ID_BASE + rel;
    if (json.$id !== id) loadProblems.push(error(file, '/$id', `must be "${id}"`));
    schemas.set(rel, { rel, file, id, json: { ...json, $id: id }, positions });
  }
  const variants = new Map<string, VariantFile>();
  const variantDir = join(root, 'variants');
  if (existsSync(variantDir)) {
    for (const rel of listFiles(variantDir).filter((f) => f.endsWith('.json') && !f.includes('/'))) {
      const file = `variants/${rel}`;
      const read = readJson(join(variantDir, rel), file, loadProblems);
      const id = rel.slice(0, -'.json'.length);
      if (read) variants.set(id, { id, file, json: read.json, positions: read.positions });
    }
  }
  return { root, schemas, variants, loadProblems };
}
