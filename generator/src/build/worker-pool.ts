/**
 * Build threads: Vite runs much of a build in JavaScript (plugins, CSS modules, writing files), on the thread that
 * called it, so two builds in one thread wait for each other and `--jobs 2` bought 6 % on two cores. Each build
 * thread runs one variant's build at a time (build/build-worker.ts); `--jobs N` starts N of them.
 */
import { Worker } from 'node:worker_threads';
import { log } from '../log.ts';
import type { BundlerError } from './bundler-errors.ts';
import type { VariantBuildInput, VariantBuildOutput } from './vite-build.ts';

export interface WorkerRequest {
  job: number;
  input: VariantBuildInput;
}

export type WorkerReply =
  | { type: 'log'; level: 'warn' | 'debug'; line: string }
  | { type: 'done'; job: number; output: VariantBuildOutput }
  | { type: 'failed'; job: number; errors: BundlerError[] };

/** A build that failed: the bundler's errors (or the thread's own failure), one line each. */
export class BundlerFailure extends Error {
  constructor(readonly errors: BundlerError[]) {
    super(errors[0]?.message ?? 'build failed');
  }
}

export interface BuildPool {
  /** Builds one variant on the next free thread. Rejects with a BundlerFailure. */
  build(input: VariantBuildInput): Promise<VariantBuildOutput>;
  /** Stops the threads (builds still running are abandoned). */
  close(): Promise<void>;
}

interface Job {
  id: number;
  input: VariantBuildInput;
  resolve: (output: VariantBuildOutput) => void;
  reject: (failure: BundlerFailure) => void;
}

interface Lane {
  worker: Worker;
  current?: Job;
  alive: boolean;
}

/**
 * The thread's entry: the chatgen sources are TypeScript, so the thread registers tsx (as generator/bin/chatgen.js
 * does) before it loads build-worker.ts, whoever started the parent.
 */
function bootstrap(): string {
  const tsx = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./build-worker.ts', import.meta.url).href;
  return `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); });`;
}

export function startBuildPool(size: number): BuildPool {
  const queue: Job[] = [];
  let nextJob = 0;
  let closed = false;

  const dispatch = (): void => {
    for (const lane of lanes) {
      if (!lane.alive || lane.current || queue.length === 0) continue;
      const job = queue.shift()!;
      lane.current = job;
      lane.worker.postMessage({ job: job.id, input: job.input } satisfies WorkerRequest);
    }
    // Every thread died: nothing will take the rest.
    if (lanes.every((l) => !l.alive)) for (const job of queue.splice(0)) job.reject(new BundlerFailure([{ message: 'the build threads stopped' }]));
  };

  const finish = (lane: Lane, reply: Extract<WorkerReply, { job: number }>): void => {
    const job = lane.current;
    if (!job || job.id !== reply.job) return;
    lane.current = undefined;
    if (reply.type === 'done') job.resolve(reply.output);
    else job.reject(new BundlerFailure(reply.errors));
    dispatch();
  };

  const startLane = (): Lane => {
    const worker = new Worker(bootstrap(), { eval: true });
    const lane: Lane = { worker, alive: true };
    worker.on('message', (reply: WorkerReply) => {
      if (reply.type === 'log') log[reply.level](reply.line);
      else finish(lane, reply);
    });
    const lost = (why: string): void => {
      if (!lane.alive) return;
      lane.alive = false;
      const job = lane.current;
      lane.current = undefined;
      if (job && !closed) job.reject(new BundlerFailure([{ message: `the build thread stopped: ${why}` }]));
      if (!closed) dispatch();
    };
    worker.on('error', (error) => lost(error.message));
    worker.on('exit', (code) => lost(`exit code ${code}`));
    return lane;
  };

  const lanes: Lane[] = Array.from({ length: Math.max(1, size) }, startLane);

  return {
    build(input) {
      if (closed) return Promise.reject(new BundlerFailure([{ message: 'the build threads were stopped' }]));
      return new Promise<VariantBuildOutput>((resolve, reject) => {
        queue.push({ id: nextJob++, input, resolve, reject });
        dispatch();
      });
    },
    async close() {
      closed = true;
      await Promise.all(lanes.map((lane) => lane.worker.terminate()));
    },
  };
}
