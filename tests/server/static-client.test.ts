// The served client: security headers with the variant's frame policy, the seed's client routes (and nothing else)
// answered with index.html, paths kept inside the client folder, caching and brotli/gzip compression.
import { request as httpRequest } from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seededRandom } from '../fuzz/schema-sample.ts';
import { person } from '../support/people.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const servers: TestServer[] = [];
let distDir: string;
let csd: TestServer;

const INDEX = '<!doctype html><title>Chat</title><script type="module" src="/assets/index-Abc12345.js"></script>';
const SCRIPT_NAME = 'index-Abc12345.js';
let script: Buffer;

/** Script-like text of about 200 KB: repetitive enough to compress, varied enough that quality matters. */
function sampleScript(): Buffer {
  const next = seededRandom(42);
  const words = ['const', 'return', 'function', 'useState', 'props', 'message', 'roomId', 'await', 'fetch', 'export'];
  const lines: string[] = [];
  for (let i = 0; i < 6000; i++) {
    const pick = () => words[Math.floor(next() * words.length)]!;
    lines.push(`${pick()} ${pick()}_${Math.floor(next() * 500)} = ${pick()}(${Math.floor(next() * 1e6)});`);
  }
  return Buffer.from(lines.join('\n'));
}

beforeAll(async () => {
  // Two built variants side by side: CSD must never serve a file of CSDDS (same prefix, no separator).
  distDir = await mkdtemp(path.join(tmpdir(), 'chatgen-dist-'));
  script = sampleScript();
  for (const variant of ['CSD', 'CSDDS']) {
    await mkdir(path.join(distDir, variant, 'assets'), { recursive: true });
    await writeFile(path.join(distDir, variant, 'index.html'), INDEX);
    await writeFile(path.join(distDir, variant, 'assets', SCRIPT_NAME), script);
  }
  await writeFile(path.join(distDir, 'CSDDS', 'secret.txt'), 'CSDDS only');
  await writeFile(path.join(distDir, 'CSD', 'build-info.json'), '{"commit":"BUILD-MANIFEST"}');
  await writeFile(path.join(distDir, 'outside.txt'), 'outside the client');
  csd = await serve({ VARIANT: 'CSD' });
});

afterAll(async () => {
  for (const server of servers) await server.close();
  if (distDir) await rm(distDir, { recursive: true, force: true });
});

async function serve(env: Record<string, string>): Promise<TestServer> {
  const server = await startTestServer({ CLIENT_DIR: path.join(distDir, 'CSD'), ...env });
  servers.push(server);
  return server;
}

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request whose path goes on the wire exactly as written (fetch would normalise dot segments). */
function raw(server: TestServer, rawPath: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawResponse> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, path: rawPath, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function expectSecurityHeaders(response: RawResponse, framePolicy: 'DENY' | 'SAMEORIGIN' = 'DENY') {
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-frame-options']).toBe(framePolicy);
  expect(response.headers['referrer-policy']).toBe('no-referrer');
  const csp = String(response.headers['content-security-policy']);
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain(framePolicy === 'DENY' ? "frame-ancestors 'none'" : "frame-ancestors 'self'");
  // Sockets to the served origin only (the Host asked for), never to any host; forms go nowhere else.
  expect(csp).toMatch(/(^|; )connect-src 'self' ws:\/\/127\.0\.0\.1:\d+ wss:\/\/127\.0\.0\.1:\d+(;|$)/);
  expect(csp).toContain("form-action 'self'");
}

describe('the served client', () => {
  it('names no socket host but its own when the Host header is not a plain host', async () => {
    const response = await raw(csd, '/', { host: "evil.example ws: wss: 'unsafe-inline'" });
    expect(String(response.headers['content-security-policy'])).toMatch(/(^|; )connect-src 'self'(;|$)/);
  });

  it('answers the client routes and deep links with index.html, revalidated on every load', async () => {
    for (const route of ['/', '/login', '/login?loginFail', '/chatroom', '/deeplink/gotoroom?roomId=12', '/deeplink/opensinglechat', '/index.html']) {
      const response = await raw(csd, route);
      expect(response.status, route).toBe(200);
      expect(response.body.toString(), route).toBe(INDEX);
      expect(String(response.headers['content-type']), route).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], route).toBe('no-cache');
      expectSecurityHeaders(response);
    }
  });

  it('answers 404 (not index.html) for every other missing path, with the security headers', async () => {
    for (const missing of ['/settings', '/login/extra', '/assets/index-Zzz99999.js', '/assets/chatroom.css', '/favicon.ico', '/v3']) {
      const response = await raw(csd, missing);
      expect(response.status, missing).toBe(404);
      expect(response.body.toString(), missing).not.toContain('<title>');
      expectSecurityHeaders(response);
    }
  });

  it('sends a browser opening an unknown page to the start, and keeps a 404 for files and other clients', async () => {
    const pageHeaders: Record<string, string>[] = [{ accept: 'text/html,application/xhtml+xml,*/*;q=0.8' }, { 'sec-fetch-dest': 'document', accept: '*/*' }];
    for (const headers of pageHeaders) {
      for (const unknown of ['/settings', '/login/extra', '/chatroom/x?y=1', '/nowhere/at/all']) {
        const response = await raw(csd, unknown, headers);
        expect(response.status, unknown).toBe(302);
        expect(response.headers.location, unknown).toBe('/');
        expectSecurityHeaders(response);
      }
    }
    // A script, a style sheet, an icon or an image the page asks for is never redirected to a page.
    for (const file of ['/assets/index-Zzz99999.js', '/favicon.ico', '/missing.png']) {
      expect((await raw(csd, file, { accept: 'text/html' })).status, file).toBe(404);
    }
    expect((await raw(csd, '/settings', { 'sec-fetch-dest': 'script', accept: 'text/html' })).status).toBe(404);
    expect((await raw(csd, '/settings', { accept: 'text/html' }, 'POST')).status).toBe(404);
  });

  it('answers 404 at the start when the client folder has no index.html, never a redirect to itself', async () => {
    const empty = path.join(distDir, 'EMPTY');
    await mkdir(empty, { recursive: true });
    const server = await serve({ VARIANT: 'CSD', CLIENT_DIR: empty });
    const page = { 'sec-fetch-dest': 'document', accept: 'text/html' };
    expect((await raw(server, '/', page)).status).toBe(404);
    expect((await raw(server, '/settings', page)).headers.location).toBe('/');
  });

  it('never serves a file outside its own client folder, including a sibling whose name starts the same', async () => {
    const attempts = [
      '/..%2fCSDDS/secret.txt',
      '/..%2FCSDDS%2Fsecret.txt',
      '/%2e%2e/CSDDS/secret.txt',
      '/%2e%2e%2fCSDDS%2fsecret.txt',
      '/../CSDDS/secret.txt',
      '/assets/..%2f..%2fCSDDS/secret.txt',
      '/..%2foutside.txt',
      '/%2e%2e%5coutside.txt',
      '/..%5c..%5coutside.txt',
      '//..%2foutside.txt',
    ];
    for (const attempt of attempts) {
      const response = await raw(csd, attempt);
      expect(response.status, attempt).toBe(404);
      expect(response.body.toString(), attempt).not.toMatch(/CSDDS only|outside the client/);
    }
  });

  it('keeps the build manifest (commit, config hash, flags) private, however its name is spelt', async () => {
    for (const attempt of ['/build-info.json', '/build-info.json?x=1', '/%62uild-info.json', '/build-info%2Ejson', '/assets/../build-info.json', '/./build-info.json']) {
      const response = await raw(csd, attempt);
      expect(response.status, attempt).toBe(404);
      expect(response.body.toString(), attempt).not.toContain('BUILD-MANIFEST');
      expectSecurityHeaders(response);
    }
  });

  it('caches hashed assets as immutable and revalidates with ETags', async () => {
    const response = await raw(csd, `/assets/${SCRIPT_NAME}`);
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(response.headers['content-type'])).toMatch(/javascript/);
    expect(response.body.equals(script)).toBe(true);
    const etag = String(response.headers.etag);
    expect(etag).not.toBe('undefined');
    const again = await raw(csd, `/assets/${SCRIPT_NAME}`, { 'if-none-match': etag });
    expect(again.status).toBe(304);
  });

  it('compresses with brotli or gzip as the browser asks, and keeps a best-quality copy of hashed assets', async () => {
    const asset = `/assets/${SCRIPT_NAME}`;
    const gzip = await raw(csd, asset, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(script)).toBe(true);

    const plain = await raw(csd, asset, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(script)).toBe(true);

    const first = await raw(csd, asset, { 'accept-encoding': 'gzip, deflate, br' });
    expect(first.headers['content-encoding']).toBe('br');
    expect(String(first.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(brotliDecompressSync(first.body).equals(script)).toBe(true);
    expect(first.body.length).toBeLessThan(script.length / 3);

    // The best-quality copy is made once in the background; later responses are exactly that copy.
    const best = brotliCompressSync(script, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: script.length },
    });
    await vi.waitFor(
      async () => {
        const later = await raw(csd, asset, { 'accept-encoding': 'br' });
        expect(later.headers['content-encoding']).toBe('br');
        expect(later.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(Number(later.headers['content-length'])).toBe(best.length);
        expect(later.body.equals(best)).toBe(true);
        expectSecurityHeaders(later);
      },
      { timeout: 30_000, interval: 100 },
    );
    expect(best.length).toBeLessThanOrEqual(first.body.length);
  });

  it('sends the frame policy of its variant and serves uncompressed when compression is switched off', async () => {
    const child = await serve({ VARIANT: 'DEV_GRID_CHILD', HTTP_COMPRESSION: 'off' });
    const framed = await raw(child, '/login');
    expectSecurityHeaders(framed, 'SAMEORIGIN');
    const asset = await raw(child, `/assets/${SCRIPT_NAME}`, { 'accept-encoding': 'br, gzip' });
    expect(asset.headers['content-encoding']).toBeUndefined();
    expect(asset.body.equals(script)).toBe(true);
  });

  it('serves a grid variant\'s child build at /gridchild/ with the child\'s frame policy, and announces it', async () => {
    const childDir = path.join(distDir, 'DEV_GRID_CHILD');
    await mkdir(path.join(childDir, 'assets'), { recursive: true });
    await writeFile(path.join(childDir, 'index.html'), '<!doctype html><title>Child</title>');
    await writeFile(path.join(childDir, 'build-info.json'), '{"commit":"CHILD-MANIFEST"}');
    const grid = await serve({ VARIANT: 'DEV_GRID_VERSION', GRID_CHILD_DIR: childDir });
    for (const route of ['/gridchild/', '/gridchild/login', '/gridchild/chatroom', '/gridchild/deeplink/gotoroom']) {
      const page = await raw(grid, route);
      expect(page.status, route).toBe(200);
      expect(page.body.toString()).toContain('<title>Child</title>');
      expectSecurityHeaders(page, 'SAMEORIGIN');
    }
    const parent = await raw(grid, '/login');
    expect(parent.body.toString()).toBe(INDEX);
    expectSecurityHeaders(parent, 'DENY');
    for (const hidden of ['/gridchild/build-info.json', '/gridchild/../outside.txt', '/gridchild/%2e%2e/outside.txt', '/gridchild/nope']) {
      expect((await raw(grid, hidden)).status, hidden).toBe(404);
    }
    // An unknown page inside the child goes to the child's start, not the parent's.
    expect((await raw(grid, '/gridchild/nope', { accept: 'text/html' })).headers.location).toBe('/gridchild/');
    const user = await person(grid, 'grid_profile', 'Grid Profile');
    const profile = await user.api.getApplicationProfile({});
    expect(profile.ok && profile.data.clientConfig?.gridViewChildUrl).toBe('/gridchild/');
    // Without the child's build (or in a variant without a grid) nothing is announced.
    const csdProfile = await (await person(csd, 'csd_profile', 'Csd Profile')).api.getApplicationProfile({});
    expect(csdProfile.ok && csdProfile.data.clientConfig?.gridViewChildUrl).toBeUndefined();
  });

  it('answers a HEAD like a GET without a body', async () => {
    const response = await raw(csd, '/login', {}, 'HEAD');
    expect(response.status).toBe(200);
    expect(response.body.length).toBe(0);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('refuses to start with an unknown variant', async () => {
    await expect(serve({ VARIANT: 'NOPE' })).rejects.toThrow(/Unknown VARIANT "NOPE"/);
  });
});
