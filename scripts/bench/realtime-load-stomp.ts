/**
 * A minimal STOMP 1.2 client over `ws` for the load benchmark: hundreds of them must cost the benchmark
 * process little, so frames are split by hand instead of through @stomp/stompjs. Heart-beats off.
 */
import WebSocket from 'ws';

export interface StompFrameIn {
  command: string;
  headers: Record<string, string>;
  body: string;
}

export interface BenchStomp {
  subscribe(id: string, destination: string): void;
  /** A SEND frame with a JSON body (the fan-out benchmark's publisher). */
  send(destination: string, body: string): void;
  close(): void;
}

function parseFrame(text: string): StompFrameIn | null {
  const trimmed = text.replace(/^\n+/, '');
  if (trimmed === '') return null; // heart-beat
  const end = trimmed.indexOf('\n\n');
  const head = end === -1 ? trimmed : trimmed.slice(0, end);
  const [command = '', ...lines] = head.split('\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0 && !(line.slice(0, colon) in headers)) headers[line.slice(0, colon)] = line.slice(colon + 1);
  }
  const body = end === -1 ? '' : trimmed.slice(end + 2).replace(/\0\n*$/, '');
  return { command, headers, body };
}

const frame = (command: string, headers: Record<string, string>) =>
  `${command}\n${Object.entries(headers).map(([k, v]) => `${k}:${v}`).join('\n')}\n\n\0`;

/**
 * Connects with the api key; resolves once CONNECTED arrived (with the milliseconds from opening the socket),
 * rejects on ERROR, close or `timeoutMs`. `onFrame` sees every later frame.
 */
export function connectStomp(
  wsUrl: string,
  apiKey: string,
  onFrame: (frame: StompFrameIn) => void,
  timeoutMs = 120_000,
): Promise<{ stomp: BenchStomp; connectMs: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(wsUrl, ['v12.stomp']);
    let connected = false;
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error('no CONNECTED in time'));
    }, timeoutMs);
    ws.on('open', () => ws.send(frame('CONNECT', { 'accept-version': '1.2', 'heart-beat': '0,0', 'Api-Key': apiKey })));
    ws.on('message', (data) => {
      const parsed = parseFrame(data.toString());
      if (!parsed) return;
      if (!connected) {
        clearTimeout(timer);
        if (parsed.command !== 'CONNECTED') {
          ws.terminate();
          reject(new Error(parsed.headers.message ?? parsed.command));
          return;
        }
        connected = true;
        resolve({
          connectMs: performance.now() - started,
          stomp: {
            subscribe: (id, destination) => ws.send(frame('SUBSCRIBE', { id, destination, ack: 'auto' })),
            send: (destination, body) => ws.send(frame('SEND', { destination, 'content-type': 'application/json' }).replace(/\0$/, `${body}\0`)),
            close: () => ws.terminate(),
          },
        });
        return;
      }
      onFrame(parsed);
    });
    ws.on('error', (error) => {
      if (connected) return;
      clearTimeout(timer);
      reject(error);
    });
    ws.on('close', () => {
      if (connected) return;
      clearTimeout(timer);
      reject(new Error('closed before CONNECTED'));
    });
  });
}
