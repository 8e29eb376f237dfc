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
import { lockDataDir } from './data-dir-lock.ts';
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
 * `dataDir` is the server's DATA_DIR: the cluster lives in `<dataDir>/pgdata` (created on first open), and the
 * folder is locked for this process until the database is closed (data-dir-lock.ts).
 * `null` gives a throw-away database in memory.
 */
export async function openEmbeddedDatabase(dataDir: string | null, options: EmbeddedOptions = {}): Promise<Database> {
  const connection = await openCluster(dataDir, options, async (pgdata, image) =>
    pgliteConnection(
      await PGlite.create({
        ...(pgdata === null ? {} : { dataDir: pgdata }),
        ...(image === undefined ? {} : { loadDataDir: new Blob([image]) }),
      }),
      options.prepared !== false,
    ),
  );
  return new SerialDatabase(connection, 'embedded');
}

/** Opens a cluster through `start`: in memory, or file-backed under a locked data folder (made whole first). */
export async function openCluster(
  dataDir: string | null,
  options: EmbeddedOptions,
  start: (pgdata: string | null, image: Uint8Array<ArrayBuffer> | undefined) => Promise<Connection>,
): Promise<Connection> {
  if (dataDir === null) return startFromImage(null, options, start);
  const lock = lockDataDir(dataDir);
  try {
    const pgdata = path.join(dataDir, PGDATA_FOLDER);
    await createCluster(pgdata, options, start);
    const connection = await start(pgdata, undefined);
    return {
      ...connection,
      async close() {
        try {
          await connection.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

/** Starts a new cluster from the cached initdb image when one is wanted; a damaged image gives way to initdb. */
async function startFromImage(
  pgdata: string | null,
  options: EmbeddedOptions,
  start: (pgdata: string | null, image: Uint8Array<ArrayBuffer> | undefined) => Promise<Connection>,
): Promise<Connection> {
  const image = await templateImage(pgdata, options);
  try {
    return await start(pgdata, image);
  } catch (error) {
    if (image === undefined) throw error;
    // A damaged cache must not stop the server: forget it and run initdb instead.
    fs.rmSync(templateFile(options.template), { force: true });
    if (pgdata !== null) {
      fs.rmSync(pgdata, { recursive: true, force: true });
      fs.mkdirSync(pgdata, { recursive: true });
    }
    return start(pgdata, undefined);
  }
}

/** The cached initdb image a new cluster starts from (`template`; default: in memory only), or undefined. */
export async function templateImage(pgdata: string | null, options: EmbeddedOptions): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const useTemplate = options.template ?? pgdata === null;
  return useTemplate ? new Uint8Array(await (await initdbImage(templateFile(useTemplate))).arrayBuffer()) : undefined;
}

/**
 * A new cluster is made in a folder beside `pgdata` and renamed into place once it has been closed cleanly, so a
 * crash during initdb leaves no half-made cluster that no engine could start: the next start makes it again.
 */
async function createCluster(
  pgdata: string,
  options: EmbeddedOptions,
  start: (pgdata: string | null, image: Uint8Array<ArrayBuffer> | undefined) => Promise<Connection>,
): Promise<void> {
  if (fs.existsSync(path.join(pgdata, 'PG_VERSION'))) return;
  const partial = `${pgdata}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial, { recursive: true });
  await (await startFromImage(partial, options, start)).close();
  // A pgdata without PG_VERSION holds no cluster; kept aside (not deleted) when something is in it.
  if (fs.existsSync(pgdata)) {
    if (fs.readdirSync(pgdata).length === 0) fs.rmdirSync(pgdata);
    else fs.renameSync(pgdata, `${pgdata}.incomplete-${Date.now()}`);
  }
  fs.renameSync(partial, pgdata);
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
