// Serves the built web client of one variant with @fastify/static (which keeps every path inside the client
// folder) and the security headers. Hashed assets are cached for a year as immutable; index.html is revalidated
// on every load so a new build reaches users at once. Only the seed's client routes (/, /login, /chatroom) and
// deep links (/deeplink/...) answer with index.html; any other missing path is a 404, so a missing script is
// never answered with HTML.
import path from 'node:path';
import type { Stats } from 'node:fs';
import type { Readable } from 'node:stream';
import fastifyStatic from '@fastify/static';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { CompressedAssets, type AssetEncoding } from './asset-compression.ts';

/** Routes of seed section 2 that the client's router handles, plus the deep-link prefix. */
export const CLIENT_ROUTES = ['/', '/login', '/chatroom', '/deeplink/*'] as const;

const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * Files a build leaves beside the client that are for build engineers and CI, never for the public: the build
 * manifest names the git commit, the resolved-config hash and every flag (chatgen build writes it).
 */
const PRIVATE_BUILD_FILES = new Set(['/build-info.json']);
/** Vite names built assets `<name>-<content hash>.<ext>` inside assets/. */
const HASHED_ASSET = /-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

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

export interface StaticClientOptions {
  clientDir: string;
  /** URL path the build is served at ('/' by default; a grid-child build at GRID_CHILD_PATH, built with that base). */
  prefix?: string;
  framePolicy: 'DENY' | 'SAMEORIGIN';
  /** Keep best-quality compressed copies of hashed assets (when the server compresses at all). */
  precompress: boolean;
  log(message: string, error?: unknown): void;
}

interface ServedFile {
  file: string;
  stat: Stats;
}

/** The static client answers a missing file the same way everywhere: 404 with the security headers. */
export function sendClientNotFound(reply: FastifyReply, framePolicy: 'DENY' | 'SAMEORIGIN') {
  return reply.code(404).headers(clientSecurityHeaders(framePolicy)).type('text/plain; charset=utf-8').send('Not found');
}

export async function registerStaticClient(app: FastifyInstance, options: StaticClientOptions): Promise<{ assets: CompressedAssets }> {
  const root = path.resolve(options.clientDir);
  const prefix = options.prefix ?? '/';
  const assetsDir = path.join(root, 'assets') + path.sep;
  const security = clientSecurityHeaders(options.framePolicy);
  const assets = new CompressedAssets(options.log);
  /** What @fastify/static resolved for a reply: the real path, never one derived from the URL here. */
  const served = new WeakMap<FastifyReply, ServedFile>();
  const isHashedAsset = (file: string) => file.startsWith(assetsDir) && HASHED_ASSET.test(file);

  await app.register(async (scope) => {
    scope.addHook('onSend', async (request, reply, payload) => {
      reply.headers(security);
      const file = served.get(reply);
      if (!options.precompress || !file || reply.statusCode !== 200 || !isHashedAsset(file.file) || request.headers.range) return payload;
      const encoding = negotiate<AssetEncoding>(request.headers['accept-encoding'] ?? '', ['br', 'gzip']);
      if (!encoding) return payload;
      const encoded = assets.get(file.file, file.stat.size, file.stat.mtimeMs, encoding);
      if (!encoded) return payload; // compressed on the fly this time
      (payload as Readable | null)?.destroy?.();
      reply.header('content-encoding', encoding).header('content-length', String(encoded.length)).header('vary', 'accept-encoding');
      return encoded;
    });

    // A bad path (traversal, odd segments) is answered like a missing file, with the same headers.
    scope.setErrorHandler((_error, _request, reply) => sendClientNotFound(reply, options.framePolicy));

    await scope.register(fastifyStatic, {
      root,
      prefix,
      index: false,
      wildcard: true,
      dotfiles: 'ignore',
      allowedPath: (pathName: string) => !PRIVATE_BUILD_FILES.has(pathName),
      cacheControl: false,
      etag: true,
      lastModified: true,
      setHeaders(reply: FastifyReply, file: string, stat: Stats) {
        reply.header('cache-control', isHashedAsset(file) ? IMMUTABLE : 'no-cache');
        served.set(reply, { file, stat });
      },
    });

    for (const route of CLIENT_ROUTES) scope.get(`${prefix}${route.slice(1)}`, (_request, reply) => reply.sendFile('index.html', root));
  });
  return { assets };
}
