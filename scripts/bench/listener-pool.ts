/**
 * Listeners for the benchmarks on worker threads (fanout-listeners.ts): the receiving side must outpace the
 * server, or a benchmark measures itself. A frame costs a byte test and a counter there.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { FromParent, ListenerJob, ToParent } from './fanout-listeners.ts';

const LISTENER_THREADS = Math.max(1, Math.min(4, availableParallelism()));
const CONNECT_CONCURRENCY = 20;

export interface ListenerPool {
  /** MESSAGE frames counted so far, across every thread */
  received(): number;
  /** Latencies (ms, sorted) of the frames matched to a send: sentAt[seq] is the send's sharedNow(). Ends the pool. */
  finish(sentAt: Float64Array): Promise<Float64Array>;
  terminate(): Promise<void>;
}

/** Runs a thread's listeners; resolves once every one holds a confirmed subscription. */
function startThread(job: ListenerJob): Promise<Worker> {
  const worker = new Worker(new URL('./ts-worker.mjs', import.meta.url), { argv: [new URL('./fanout-listeners.ts', import.meta.url).href], workerData: job });
  return new Promise((resolve, reject) => {
    worker.once('message', (message: ToParent) => {
      if (message.kind === 'ready') resolve(worker);
      else reject(new Error(message.kind === 'failed' ? message.message : 'unexpected message'));
    });
    worker.once('error', reject);
  });
}

/** Connects and subscribes every listener (each confirmed by a RECEIPT) before it resolves. */
export async function startListenerPool(
  job: Pick<ListenerJob, 'wsUrl' | 'match' | 'seqMarker'>,
  listeners: readonly { apiKey: string; destination: string }[],
): Promise<ListenerPool> {
  const counter = new SharedArrayBuffer(4);
  const frames = new Int32Array(counter);
  const perThread = Math.ceil(listeners.length / LISTENER_THREADS);
  const workers: Worker[] = [];
  const terminate = async () => {
    await Promise.all(workers.map((worker) => worker.terminate()));
  };
  const started = await Promise.allSettled(
    Array.from({ length: LISTENER_THREADS }, (_, t) => {
      const mine = listeners.slice(t * perThread, (t + 1) * perThread);
      return startThread({ ...job, counter, concurrency: CONNECT_CONCURRENCY, apiKeys: mine.map((l) => l.apiKey), destinations: mine.map((l) => l.destination) });
    }),
  );
  for (const outcome of started) if (outcome.status === 'fulfilled') workers.push(outcome.value);
  const failed = started.find((outcome) => outcome.status === 'rejected');
  if (failed) {
    await terminate();
    throw failed.reason;
  }
  return {
    received: () => Atomics.load(frames, 0),
    async finish(sentAt) {
      const latencies = await Promise.all(
        workers.map(
          (worker) =>
            new Promise<Float64Array>((resolve) => {
              worker.once('message', (message: ToParent) => resolve(message.kind === 'latencies' ? message.values : new Float64Array()));
              worker.postMessage({ kind: 'finish', sentAt } satisfies FromParent);
            }),
        ),
      );
      await terminate();
      return mergeSorted(latencies);
    },
    terminate,
  };
}

/** Several pools (one per server process) as one. */
export function combinePools(pools: readonly ListenerPool[]): ListenerPool {
  return {
    received: () => pools.reduce((n, pool) => n + pool.received(), 0),
    finish: async (sentAt) => mergeSorted(await Promise.all(pools.map((pool) => pool.finish(sentAt)))),
    terminate: async () => {
      await Promise.all(pools.map((pool) => pool.terminate()));
    },
  };
}

function mergeSorted(parts: readonly Float64Array[]): Float64Array {
  const all = new Float64Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all.sort();
}

/** p-th percentile of sorted values. */
export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}
