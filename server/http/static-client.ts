// Serves the built web client of one variant with @fastify/static (which keeps every path inside the client
// folder) and the security headers. Hashed assets are cached for a year as immutable; index.html is revalidated
// on every load so a new build reaches users at once. Only the seed's client routes (/, /login, /chatroom) and
// deep links (/deeplink/...) answer with index.html; any other missing file is a 404, so a missing script is
// never answered with HTML. A page the browser navigates to at an unknown address is sent to the start (the
// seed's unknown routes go to start, which moves on to login) instead of a bare 'Not found'.
import path from 'node:path';
import type { Stats } from 'node:fs';
import type { Readable } from 'node:stream';
import fastifyStatic from '@fastify/static';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

/** A Host header value that may stand in a source expression: a name or address, and a port. */
const HOST_SOURCE = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The sockets the page may open: its own origin's STOMP endpoints (ws: or wss:, whichever the page's scheme makes
 * it). 'self' alone covers them only in browsers that follow CSP 3, so the host is named as well; never any host.
 */
function connectSources(host: string | undefined): string {
  return host && HOST_SOURCE.test(host) ? `connect-src 'self' ws://${host} wss://${host}` : "connect-src 'self'";
}

/** `host`: the host the page was asked for (Host, or X-Forwarded-Host from a trusted proxy). */
export function clientSecurityHeaders(framePolicy: 'DENY' | 'SAMEORIGIN', host?: string): Record<string, string> {
  return {
    // The client needs blob: and data: for decrypted media, and its own origin's sockets for STOMP.
    'content-security-policy': [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "media-src 'self' blob:",
      connectSources(host),
      "font-src 'self' data:",
      "object-src 'none'",
      "base-uri 'self'",
      // The client's forms are handled by script; none is ever sent anywhere, least of all to another origin.
      "form-action 'self'",
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
  return reply.code(404).headers(clientSecurityHeaders(framePolicy, reply.request.host)).type('text/plain; charset=utf-8').send('Not found');
}

/** The last path segment looks like a file (`x.js`, `favicon.ico`): never a page of the client. */
const FILE_NAME = /\.[A-Za-z0-9]+$/;

/**
 * Whether a request for a missing path is a browser opening a page (a document navigation, or a GET that asks
 * for HTML when the browser sends no fetch metadata) rather than a script, image or API client.
 */
export function isPageNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '';
  if (FILE_NAME.test(pathname) || pathname.includes('/assets/')) return false;
  const dest = request.headers['sec-fetch-dest'];
  if (dest !== undefined) return dest === 'document';
  return String(request.headers.accept ?? '').includes('text/html');
}

/**
 * A missing path: a page navigation goes to the client's start (`startPath`), anything else is a 404. The start
 * itself missing (a client folder without its index.html) is a 404 too, never a redirect to itself.
 */
export function answerUnknownClientPath(request: FastifyRequest, reply: FastifyReply, framePolicy: 'DENY' | 'SAMEORIGIN', startPath: string) {
  const pathname = request.url.split('?')[0] ?? '';
  if (!isPageNavigation(request) || pathname === startPath) return sendClientNotFound(reply, framePolicy);
  return reply.headers(clientSecurityHeaders(framePolicy, request.host)).header('cache-control', 'no-cache').redirect(startPath, 302);
}

export async function registerStaticClient(app: FastifyInstance, options: StaticClientOptions): Promise<{ assets: CompressedAssets }> {
  const root = path.resolve(options.clientDir);
  const prefix = options.prefix ?? '/';
  const assetsDir = path.join(root, 'assets') + path.sep;
  const assets = new CompressedAssets(options.log);
  /** What @fastify/static resolved for a reply: the real path, never one derived from the URL here. */
  const served = new WeakMap<FastifyReply, ServedFile>();
  const isHashedAsset = (file: string) => file.startsWith(assetsDir) && HASHED_ASSET.test(file);

  await app.register(async (scope) => {
    scope.addHook('onSend', async (request, reply, payload) => {
      reply.headers(clientSecurityHeaders(options.framePolicy, request.host));
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
