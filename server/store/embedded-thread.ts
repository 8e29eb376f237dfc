/**
 * The embedded engine on its own worker thread (issue 9, finding 12). pglite executes each statement
 * synchronously in WebAssembly; on the main thread that held the event loop for most of a send, so new
 * connections, frames and probes waited behind the database (docs/server.md "Under load"). Here the main thread
 * only posts statements and receives rows; the SerialDatabase above keeps its one-session rules.
 */
import { Worker } from 'node:worker_threads';
import type { QueryResult } from './db.ts';
import { openCluster, type EmbeddedOptions } from './embedded.ts';
import { SerialDatabase, type Connection } from './serial.ts';

interface Reply {
  id: number;
  ok: boolean;
  rows?: unknown[];
  rowCount?: number;
  error?: { name: string; message: string; fields: Record<string, string> };
}

/** An Error like the driver's own: message and SQLSTATE `code` (sqlState() reads it), PostgreSQL's fields. */
function rebuild(error: NonNullable<Reply['error']>): Error {
  return Object.assign(new Error(error.message), { name: error.name }, error.fields);
}

/** Statements to the engine's thread, one message each; exported for its tests. */
export function workerConnection(worker: Worker): Connection {
  let nextId = 1;
  /** Why the thread is gone: later calls fail with it at once instead of waiting for a reply that never comes. */
  let ended: Error | null = null;
  const waiting = new Map<number, { resolve: (reply: Reply) => void; reject: (error: Error) => void }>();
  worker.on('message', (reply: Reply) => {
    const waiter = waiting.get(reply.id);
    waiting.delete(reply.id);
    if (!waiter) return;
    if (reply.ok) waiter.resolve(reply);
    else waiter.reject(rebuild(reply.error ?? { name: 'Error', message: 'the database thread failed', fields: {} }));
  });
  // A dead thread fails what waits on it rather than leaving calls hanging.
  const failAll = (error: Error) => {
    ended ??= error;
    for (const waiter of waiting.values()) waiter.reject(error);
    waiting.clear();
  };
  worker.on('error', failAll);
  worker.on('exit', (code) => failAll(new Error(`the database thread exited (${code})`)));
  const call = (message: Record<string, unknown>): Promise<Reply> =>
    new Promise((resolve, reject) => {
      if (ended) return reject(ended);
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      worker.postMessage({ ...message, id });
    });
  return {
    async query<T>(sql: string, params: readonly unknown[]): Promise<QueryResult<T>> {
      const reply = await call({ op: 'query', sql, params: [...params] });
      return { rows: (reply.rows ?? []) as T[], rowCount: reply.rowCount ?? 0 };
    },
    // The session on the thread holds a BEGIN back until the transaction's first statement (pglite-session.mjs).
    async exec(sql: string): Promise<void> {
      await call({ op: 'exec', sql });
    },
    async close(): Promise<void> {
      try {
        // A thread already gone has nothing left to close.
        if (!ended) await call({ op: 'close' });
      } finally {
        await worker.terminate();
      }
    },
  };
}

function startWorker(dataDir: string | null, image: Uint8Array | undefined, prepared: boolean): Promise<Worker> {
  const worker = new Worker(new URL('./embedded-worker.mjs', import.meta.url), {
    workerData: { dataDir, image, prepared },
    // The worker is plain JavaScript; a TypeScript loader of the parent is not needed there.
    execArgv: [],
  });
  return new Promise((resolve, reject) => {
    const onMessage = (reply: Reply) => {
      worker.off('message', onMessage);
      if (reply.ok) resolve(worker);
      else void worker.terminate().finally(() => reject(rebuild(reply.error ?? { name: 'Error', message: 'open failed', fields: {} })));
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
  });
}

/** Like openEmbeddedDatabase (a locked data folder, a new cluster made whole first), with the engine on its own thread. */
export async function openEmbeddedDatabaseOnThread(dataDir: string | null, options: EmbeddedOptions = {}): Promise<SerialDatabase> {
  const prepared = options.prepared !== false;
  const connection = await openCluster(dataDir, options, async (pgdata, image) => workerConnection(await startWorker(pgdata, image, prepared)));
  return new SerialDatabase(connection, 'embedded');
}
