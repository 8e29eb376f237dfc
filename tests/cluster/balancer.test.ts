// The load-balancing entry of `npm run cluster` (scripts/cluster-balancer.ts): HTTP requests and WebSocket
// upgrades alternate between the processes, a process that refuses connections is skipped, none answering is 502.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { startBalancer, type Backend, type Balancer } from '../../scripts/cluster-balancer.ts';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** A backend that answers HTTP with its name and echoes WebSocket messages prefixed with it. */
async function backend(name: string): Promise<Backend> {
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => response.writeHead(200, { 'x-backend': name }).end(`${name} ${request.method} ${request.url} ${body}`));
  });
  const wss = new WebSocketServer({ server });
  wss.on('connection', (socket) => socket.on('message', (data: WebSocket.RawData) => socket.send(`${name}:${String(data)}`)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(async () => {
    for (const client of wss.clients) client.terminate();
    await new Promise<void>((resolve) => wss.close(() => server.close(() => resolve())));
  });
  return { host: '127.0.0.1', port: (server.address() as AddressInfo).port };
}

async function balancer(backends: Backend[]): Promise<{ url: string; balancer: Balancer }> {
  const started = await startBalancer(backends, 0);
  closers.push(() => started.close());
  return { url: `http://127.0.0.1:${(started.server.address() as AddressInfo).port}`, balancer: started };
}

/** A port nothing listens on. */
async function deadBackend(): Promise<Backend> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return { host: '127.0.0.1', port };
}

function echo(url: string, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${url.replace('http', 'ws')}/v3/ws`);
    socket.on('open', () => socket.send(text));
    socket.on('message', (data: WebSocket.RawData) => {
      resolve(String(data));
      socket.close();
    });
    socket.on('error', reject);
  });
}

describe('cluster balancer', () => {
  it('alternates HTTP requests (with their bodies) and WebSocket upgrades between the processes', async () => {
    const { url } = await balancer([await backend('one'), await backend('two')]);
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push(await (await fetch(`${url}/v3/x?i=${i}`, { method: 'POST', body: `b${i}` })).text());
    expect(answers).toEqual(['one POST /v3/x?i=0 b0', 'two POST /v3/x?i=1 b1', 'one POST /v3/x?i=2 b2', 'two POST /v3/x?i=3 b3']);
    expect([await echo(url, 'a'), await echo(url, 'b')].sort()).toEqual(['one:a', 'two:b']);
  });

  it('skips a process that refuses connections and answers 502 when none answers', async () => {
    const { url } = await balancer([await deadBackend(), await backend('alive')]);
    for (let i = 0; i < 3; i += 1) expect(await (await fetch(`${url}/readyz`)).text()).toBe('alive GET /readyz ');
    expect(await echo(url, 'x')).toBe('alive:x');
    expect(await echo(url, 'y')).toBe('alive:y');

    const { url: nowhere } = await balancer([await deadBackend()]);
    expect((await fetch(`${nowhere}/readyz`)).status).toBe(502);
  });
});
