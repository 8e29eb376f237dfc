// Serves the built web client of one variant with security headers; unknown routes fall back to index.html
// so client-side routes (/login, /chatroom) survive a reload.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

export function clientSecurityHeaders(framePolicy: 'DENY' | 'SAMEORIGIN'): Record<string, string> {
  return {
    // The client needs blob: and data: for decrypted media, ws: for STOMP on the same host.
    'content-security-policy': [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "media-src 'self' blob:",
      "connect-src 'self' ws: wss:",
      "font-src 'self' data:",
      "object-src 'none'",
      "base-uri 'self'",
      `frame-ancestors ${framePolicy === 'DENY' ? "'none'" : "'self'"}`,
    ].join('; '),
    'x-content-type-options': 'nosniff',
    'x-frame-options': framePolicy,
    'referrer-policy': 'no-referrer',
  };
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

function send(reply: FastifyReply, file: string, headers: Record<string, string>) {
  const type = contentTypes[path.extname(file)] ?? 'application/octet-stream';
  const cache = file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache';
  return reply.headers({ ...headers, 'content-type': type, 'cache-control': cache }).send(createReadStream(file));
}

export function registerStaticClient(app: FastifyInstance, clientDir: string, framePolicy: 'DENY' | 'SAMEORIGIN') {
  const headers = clientSecurityHeaders(framePolicy);
  const root = path.resolve(clientDir);
  app.get('/*', async (request, reply) => {
    const urlPath = decodeURIComponent(request.url.split('?')[0] ?? '/');
    const candidate = path.resolve(root, `.${urlPath}`);
    if (!candidate.startsWith(root)) return reply.code(404).send();
    if (await isFile(candidate)) return send(reply, candidate, headers);
    const index = path.join(root, 'index.html');
    if (path.extname(urlPath) === '' && (await isFile(index))) return send(reply, index, headers);
    return reply.code(404).headers(headers).type('text/plain').send('Not found');
  });
}
