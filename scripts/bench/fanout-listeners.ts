/**
 * The benchmarks' listeners, run on worker threads (listener-pool.ts starts several): 1,000 listeners
 * at 100 frames/s are 100,000 frames a second, which one thread that also parses every frame cannot take in,
 * so the benchmark measured itself. Here a frame costs a byte test and a counter: no STOMP parse, no JSON.
 *
 * Protocol with the parent: workerData is a ListenerJob; the worker connects its listeners a few at a time,
 * each CONNECT then SUBSCRIBE with a receipt, and posts {kind:'ready'} once every receipt arrived (or
 * {kind:'failed'}). Every MESSAGE frame adds one to the shared counter. On {kind:'finish', sentAt} it posts
 * {kind:'latencies', values} (publish-to-frame, ms) and closes its sockets.
 */
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

export interface ListenerJob {
  wsUrl: string;
  /** one per listener ('' for RabbitMQ, which takes its default user) */
  apiKeys: string[];
  /** what each listener subscribes to, one per api key */
  destinations: string[];
  /**
   * 'seq': the body carries the send's number after `seqMarker` (RabbitMQ passes `"seq":N` through; a
   * NEW_MESSAGE carries its checksum); frames without one are not counted. 'position': the broker rebuilds the
   * body, so a listener's k-th frame answers the k-th publish (one publisher, an ordered stream).
   */
  match: 'seq' | 'position';
  /** default `"seq":` */
  seqMarker?: string;
  /** Int32Array over a SharedArrayBuffer: [0] counts MESSAGE frames across every worker */
  counter: SharedArrayBuffer;
  /** connections opened at the same time while ramping up */
  concurrency: number;
}

export type ToParent = { kind: 'ready' } | { kind: 'failed'; message: string } | { kind: 'latencies'; values: Float64Array };
export type FromParent = { kind: 'finish'; sentAt: Float64Array };

/** A clock both threads share (performance.now() starts at each thread's own origin). */
export const sharedNow = (): number => performance.timeOrigin + performance.now();

const NUL = '\0';
const frame = (command: string, headers: Record<string, string>) => `${command}\n${Object.entries(headers).map(([k, v]) => `${k}:${v}`).join('\n')}\n\n${NUL}`;
const MESSAGE = 'M'.charCodeAt(0);
/** The number after `marker` (`"seq":123`), or -1 when the frame has none. */
function seqOf(data: Buffer, marker: Buffer): number {
  const at = data.indexOf(marker);
  if (at === -1) return -1;
  let value = -1;
  for (let i = at + marker.length; i < data.length; i += 1) {
    const digit = (data[i] ?? 0) - 48;
    if (digit < 0 || digit > 9) break;
    value = Math.max(0, value) * 10 + digit;
  }
  return value;
}

/** Received frames as (seq, time) pairs in growable typed arrays: a million of them stay small. */
class Arrivals {
  seqs = new Int32Array(1 << 16);
  times = new Float64Array(1 << 16);
  length = 0;
  add(seq: number, time: number): void {
    if (this.length === this.seqs.length) {
      const seqs = new Int32Array(this.length * 2);
      seqs.set(this.seqs);
      this.seqs = seqs;
      const times = new Float64Array(this.length * 2);
      times.set(this.times);
      this.times = times;
    }
    this.seqs[this.length] = seq;
    this.times[this.length] = time;
    this.length += 1;
  }
}

function connectListener(job: ListenerJob, index: number, counter: Int32Array, arrivals: Arrivals): Promise<WebSocket> {
  const marker = Buffer.from(job.seqMarker ?? '"seq":');
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(job.wsUrl, ['v12.stomp'], { perMessageDeflate: false, skipUTF8Validation: true });
    let subscribed = false;
    let received = 0;
    ws.on('open', () => ws.send(frame('CONNECT', { 'accept-version': '1.2', 'heart-beat': '0,0', 'Api-Key': job.apiKeys[index] ?? '' })));
    ws.on('message', (data: Buffer) => {
      if (subscribed) {
        if (data[0] !== MESSAGE) return;
        const seq = job.match === 'seq' ? seqOf(data, marker) : received;
        if (seq === -1) return;
        Atomics.add(counter, 0, 1);
        arrivals.add(seq, sharedNow());
        received += 1;
        return;
      }
      const text = data.toString();
      if (text.startsWith('CONNECTED')) ws.send(frame('SUBSCRIBE', { id: 't', destination: job.destinations[index] ?? '', ack: 'auto', receipt: 'subscribed' }));
      else if (text.startsWith('RECEIPT')) {
        subscribed = true;
        resolve(ws);
      } else if (text.startsWith('ERROR')) reject(new Error(/message:([^\n]*)/.exec(text)?.[1] ?? 'ERROR frame'));
    });
    ws.on('error', (error) => {
      if (!subscribed) reject(error);
    });
    ws.on('close', () => {
      if (!subscribed) reject(new Error('closed before the subscription was confirmed'));
    });
  });
}

async function run(job: ListenerJob): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('fanout-listeners runs as a worker thread');
  const counter = new Int32Array(job.counter);
  const arrivals = new Arrivals();
  const sockets: WebSocket[] = [];
  try {
    // A few at a time: the server accepts them promptly and none waits in a listen backlog.
    for (let at = 0; at < job.apiKeys.length; at += job.concurrency) {
      const batch = Array.from({ length: Math.min(job.concurrency, job.apiKeys.length - at) }, (_, i) => at + i);
      sockets.push(...(await Promise.all(batch.map((index) => connectListener(job, index, counter, arrivals)))));
    }
  } catch (error) {
    for (const ws of sockets) ws.terminate();
    port.postMessage({ kind: 'failed', message: error instanceof Error ? error.message : String(error) } satisfies ToParent);
    return;
  }
  port.postMessage({ kind: 'ready' } satisfies ToParent);
  port.once('message', (message: FromParent) => {
    for (const ws of sockets) ws.terminate();
    const values = new Float64Array(arrivals.length);
    let n = 0;
    for (let i = 0; i < arrivals.length; i += 1) {
      const sent = message.sentAt[arrivals.seqs[i] ?? -1];
      if (sent !== undefined) values[n++] = (arrivals.times[i] ?? 0) - sent;
    }
    const latencies = values.slice(0, n);
    port.postMessage({ kind: 'latencies', values: latencies } satisfies ToParent, [latencies.buffer]);
  });
}

if (parentPort) await run(workerData as ListenerJob);
