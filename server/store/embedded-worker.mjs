// The embedded engine's own thread (embedded-thread.ts): pglite runs every statement synchronously inside
// WebAssembly, so on the main thread each query held the event loop that accepts connections and writes frames.
// Plain JavaScript so that it loads without a TypeScript loader (tests, tsx and plain node alike).
import { Blob } from 'node:buffer';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pgliteSession } from './pglite-session.mjs';

/** What the main thread needs of a failed statement: its SQLSTATE and PostgreSQL's fields, never the input. */
function describe(error) {
  const fields = {};
  for (const key of ['code', 'detail', 'constraint', 'table', 'column', 'schema', 'severity', 'routine']) {
    if (error && typeof error[key] === 'string') fields[key] = error[key];
  }
  return { name: error?.name ?? 'Error', message: error?.message ?? String(error), fields };
}

const { dataDir, image, prepared } = workerData;
let pg;
let session;
try {
  pg = await PGlite.create({
    ...(dataDir === null ? {} : { dataDir }),
    ...(image ? { loadDataDir: new Blob([image]) } : {}),
  });
  session = pgliteSession(pg, { prepared });
  parentPort.postMessage({ id: 0, ok: true });
} catch (error) {
  parentPort.postMessage({ id: 0, ok: false, error: describe(error) });
}

async function handle({ id, op, sql, params }) {
  try {
    if (op === 'query') {
      const result = await session.query(sql, params);
      parentPort.postMessage({ id, ok: true, rows: result.rows, rowCount: Math.max(result.affectedRows ?? 0, result.rows.length) });
    } else if (op === 'exec') {
      await session.exec(sql);
      parentPort.postMessage({ id, ok: true });
    } else if (op === 'close') {
      await pg.close();
      parentPort.postMessage({ id, ok: true });
      parentPort.close();
    }
  } catch (error) {
    parentPort.postMessage({ id, ok: false, error: describe(error) });
  }
}

// One message at a time, in order: a session's statements must not interleave.
let turn = Promise.resolve();
parentPort.on('message', (message) => {
  turn = turn.then(() => handle(message));
});
