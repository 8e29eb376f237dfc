// The small load-balancing entry of `npm run cluster`: one port in front of N server processes, round robin
// for HTTP requests and WebSocket upgrades alike. A backend that refuses the connection is skipped for the
// next one; one that is down for every try answers 502. Demo only: production runs any HTTP/WebSocket load
// balancer in front (docs/deploy.md).
import http, { type IncomingMessage, type Server } from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';

export interface Backend {
  host: string;
  port: number;
}

export interface Balancer {
  server: Server;
  close(): Promise<void>;
}

/** Hop-by-hop headers are the proxy's own; the rest go through unchanged. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);

export function startBalancer(backends: readonly Backend[], port: number, host = '127.0.0.1'): Promise<Balancer> {
  if (backends.length === 0) throw new Error('no backends');
  let next = 0;
  const order = (): Backend[] => {
    const start = next++ % backends.length;
    return [...backends.slice(start), ...backends.slice(0, start)];
  };

  const forward = (request: IncomingMessage, response: http.ServerResponse, candidates: Backend[]): void => {
    const backend = candidates[0];
    if (!backend) {
      response.writeHead(502, { 'content-type': 'text/plain' }).end('no server process answers');
      return;
    }
    // Connect first: a refused connection has consumed nothing of the request, so the next process gets it whole.
    const socket = net.connect(backend.port, backend.host);
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED') forward(request, response, candidates.slice(1));
      else if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' }).end();
    });
    socket.once('connect', () => {
      socket.removeAllListeners('error');
      const headers: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(request.headers)) if (!HOP_BY_HOP.has(name)) headers[name] = value;
      const upstream = http.request({ method: request.method, path: request.url, headers, createConnection: () => socket }, (answer) => {
        const out: http.OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(answer.headers)) if (!HOP_BY_HOP.has(name)) out[name] = value;
        response.writeHead(answer.statusCode ?? 502, out);
        answer.pipe(response);
      });
      upstream.on('error', () => {
        if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' });
        response.end();
      });
      response.on('close', () => upstream.destroy());
      request.pipe(upstream);
    });
  };

  const server = http.createServer((request, response) => forward(request, response, order()));
  /** Upgraded sockets leave the http server's books; closing the balancer closes them too. */
  const tunnels = new Set<Duplex>();

  const upgrade = (request: IncomingMessage, client: Duplex, head: Buffer, candidates: Backend[]): void => {
    const backend = candidates[0];
    if (!backend) {
      client.end('HTTP/1.1 502 Bad Gateway\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const upstream = net.connect(backend.port, backend.host);
    tunnels.add(client);
    client.once('close', () => tunnels.delete(client));
    client.on('error', () => upstream.destroy());
    client.once('close', () => upstream.destroy());
    upstream.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED' && !client.destroyed) upgrade(request, client, head, candidates.slice(1));
      else client.destroy();
    });
    upstream.once('connect', () => {
      upstream.removeAllListeners('error');
      upstream.on('error', () => client.destroy());
      upstream.once('close', () => client.destroy());
      const lines = [`${request.method} ${request.url} HTTP/1.1`];
      for (let i = 0; i < request.rawHeaders.length; i += 2) lines.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client).pipe(upstream);
    });
  };
  server.on('upgrade', (request: IncomingMessage, client: Duplex, head: Buffer) => upgrade(request, client, head, order()));

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () =>
      resolve({
        server,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            for (const tunnel of tunnels) tunnel.destroy();
            server.close(() => done());
          }),
      }),
    );
  });
}
