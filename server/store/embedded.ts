/**
 * The embedded engine: pglite (PostgreSQL in WebAssembly), file-backed under DATA_DIR/pgdata, or in
 * memory for tests. pglite is a single session, hence the SerialDatabase wrapper.
 *
 * Creating a cluster (initdb) costs about 3 s. A freshly initialised cluster is the same bytes every
 * time for one pglite version, so tests load a cached copy instead (`template`), which takes ~0.5 s.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { PGlite } from '@electric-sql/pglite';
import type { Database, QueryResult } from './db.ts';
import { pgliteSession } from './pglite-session.mjs';
import { SerialDatabase, type Connection } from './serial.ts';

export interface EmbeddedOptions {
  /**
   * Start a new cluster from a cached initdb image instead of running initdb: `true` uses the cache
   * file in the OS temp folder (made on first use), a string names the file. Only matters when the
   * cluster does not exist yet. Default: on in memory, off on disk.
   */
  template?: boolean | string;
  /**
   * Named statements, parsed once per session (default). `false` runs every statement through pglite's own
   * `query()`, for the store benchmark's side-by-side figures (scripts/bench/store.bench.ts).
   */
  prepared?: boolean;
}

export const PGDATA_FOLDER = 'pgdata';

/**
 * `dataDir` is the server's DATA_DIR: the cluster lives in `<dataDir>/pgdata` (created on first open).
 * `null` gives a throw-away database in memory.
 */
export async function openEmbeddedDatabase(dataDir: string | null, options: EmbeddedOptions = {}): Promise<Database> {
  const pgdata = dataDir === null ? null : path.join(dataDir, PGDATA_FOLDER);
  const bytes = await embeddedImage(pgdata, options);
  const image = bytes === undefined ? undefined : new Blob([bytes]);
  if (pgdata !== null) fs.mkdirSync(pgdata, { recursive: true });
  const open = (from: Blob | undefined) =>
    PGlite.create({
      ...(pgdata === null ? {} : { dataDir: pgdata }),
      ...(from === undefined ? {} : { loadDataDir: from }),
    });
  let pg: PGlite;
  try {
    pg = await open(image);
  } catch (error) {
    if (image === undefined) throw error;
    // A damaged cache must not stop the server: forget it and run initdb instead.
    forgetEmbeddedImage(pgdata, options);
    pg = await open(undefined);
  }
  return new SerialDatabase(pgliteConnection(pg, options.prepared !== false), 'embedded');
}

/** The initdb image a new cluster starts from (`template`), or undefined when the cluster exists or none is wanted. */
export async function embeddedImage(pgdata: string | null, options: EmbeddedOptions): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const fresh = pgdata === null || !fs.existsSync(path.join(pgdata, 'PG_VERSION'));
  const useTemplate = options.template ?? pgdata === null;
  return fresh && useTemplate ? new Uint8Array(await (await initdbImage(templateFile(useTemplate))).arrayBuffer()) : undefined;
}

/** After an image failed to load: drop the cached image and the half-made cluster. */
export function forgetEmbeddedImage(pgdata: string | null, options: EmbeddedOptions): void {
  fs.rmSync(templateFile(options.template), { force: true });
  if (pgdata !== null) fs.rmSync(pgdata, { recursive: true, force: true });
  if (pgdata !== null) fs.mkdirSync(pgdata, { recursive: true });
}

function templateFile(option: EmbeddedOptions['template']): string {
  return typeof option === 'string' ? option : defaultTemplateFile();
}

function pgliteConnection(pg: PGlite, prepared: boolean): Connection {
  const session = pgliteSession(pg, { prepared });
  return {
    async query<T>(sql: string, params: readonly unknown[]): Promise<QueryResult<T>> {
      const result = await session.query<T>(sql, [...params]);
      return { rows: result.rows, rowCount: Math.max(result.affectedRows ?? 0, result.rows.length) };
    },
    exec: (sql: string) => session.exec(sql),
    close: () => pg.close(),
  };
}

/** The cached initdb image, made (and written atomically) when missing. */
async function initdbImage(file: string): Promise<Blob> {
  try {
    return new Blob([fs.readFileSync(file)]);
  } catch {
    // Not cached yet (or unreadable): make one.
  }
  const scratch = await PGlite.create();
  try {
    const dump = await scratch.dumpDataDir('none');
    const bytes = Buffer.from(await dump.arrayBuffer());
    const partial = `${file}.${process.pid}.${Date.now()}.part`;
    fs.writeFileSync(partial, bytes);
    fs.renameSync(partial, file);
    return new Blob([bytes]);
  } finally {
    await scratch.close();
  }
}

function defaultTemplateFile(): string {
  return path.join(os.tmpdir(), `chatgen-pglite-${pgliteVersion()}-initdb.tar`);
}

function pgliteVersion(): string {
  const require = createRequire(import.meta.url);
  let dir = path.dirname(require.resolve('@electric-sql/pglite'));
  // dist/index.cjs → package root
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version?: string };
  return pkg.version ?? 'unknown';
}
