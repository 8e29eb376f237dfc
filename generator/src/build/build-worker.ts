/**
 * A build thread (started by build/worker-pool.ts): runs one variant's Vite build at a time, as the parent asks.
 * Messages in: `{ job, input }`. Messages out: `{ type: 'log', level, line }` while it runs, then
 * `{ type: 'done', job, output }` or `{ type: 'failed', job, errors }` (the bundler's errors, one line each).
 */
import { parentPort } from 'node:worker_threads';
import { describeBundlerErrors } from './bundler-errors.ts';
import { variantSourceDir } from './base.ts';
import { buildVariant, type BuildLogSink } from './vite-build.ts';
import type { WorkerReply, WorkerRequest } from './worker-pool.ts';

const port = parentPort;
if (!port) throw new Error('build-worker.ts runs as a worker thread of chatgen build');

// A production build whatever the environment says (test runners set NODE_ENV=test): see build/index.ts.
process.env.NODE_ENV = 'production';

const send = (reply: WorkerReply): void => port.postMessage(reply);
const sink: BuildLogSink = {
  warn: (line) => send({ type: 'log', level: 'warn', line }),
  debug: (line) => send({ type: 'log', level: 'debug', line }),
};

async function run({ job, input }: WorkerRequest): Promise<void> {
  try {
    send({ type: 'done', job, output: await buildVariant(input, sink) });
  } catch (cause) {
    send({ type: 'failed', job, errors: describeBundlerErrors(cause, input.root, variantSourceDir(input.root, input.id)) });
  }
}

port.on('message', (request: WorkerRequest) => void run(request));
