// Server configuration from the environment; every value has a working default so `npm start` needs no set-up.
import path from 'node:path';
import type { BusinessApp } from '../generated/types/index.ts';
import { parseBusinessApps } from './business-apps.ts';
import { parseTrustedProxies } from './http/client-address.ts';
import { QR_TOKEN_TTL_SECONDS } from './services/identity/qr-token.ts';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** DATABASE_URL: postgres://… puts the store (rows and blobs) on PostgreSQL; null: embedded under dataDir. */
  databaseUrl: string | null;
  /** DATABASE_POOL_SIZE: most PostgreSQL connections of this process (0: the driver's default of 10). */
  databasePoolSize: number;
  /** BROKER_URL: amqp://… puts the realtime bus on RabbitMQ (N processes share it); null: in process. */
  brokerUrl: string | null;
  /** BROKER_EXCHANGE: the RabbitMQ exchange one deployment's processes share (default chatgen.bus). */
  brokerExchange: string;
  variant: string;
  /** Serve the built client from this folder (dist/<variant>) when it exists. */
  clientDir: string;
  /** Enables the test-only crypto calls. */
  testMode: boolean;
  /**
   * ACCEPT_API_KEY_ALONE=1: secured calls and CONNECT need only the seed's Api-Key header, no Device-Proof
   * (for clients that send the seed's headers alone; docs/security.md "Device proof"). Off by default.
   */
  acceptApiKeyAlone?: boolean;
  /** Name of the message-queue system; the reply queue is /queue/{mqSysName}.{accountId}. */
  mqSysName: string;
  serverVersion: string;
  /** Hours a session stays valid without use. */
  sessionMaxIdleHours: number;
  /** REQUEST_TIMEOUT_SECONDS: a request whose body has not fully arrived after this long is answered 408 and closed. */
  requestTimeoutSeconds: number;
  /** Largest accepted attachment in bytes (announced to clients as attachSize). */
  attachSizeBytes: number;
  /**
   * The grid-child build a grid variant frames (seed: grid 2x2, gridViewChildUrl), served at GRID_CHILD_PATH:
   * `<PARENT>_GRID_CHILD` for a `<PARENT>_GRID_VERSION`, from GRID_CHILD_DIR or dist/gridchild/<child>; null otherwise.
   */
  gridChild?: { variant: string; clientDir: string } | null;
  /** X-Frame-Options of the served client; null: the variant's own (server.framePolicy of its config). */
  framePolicy: 'DENY' | 'SAMEORIGIN' | null;
  /**
   * TRUST_PROXY: addresses and CIDR ranges of the load balancers in front; a request from one of them is the
   * client named by its X-Forwarded-For (server/http/client-address.ts). Empty: the connection's address.
   */
  trustProxy?: string[];
  /** Compress responses (brotli, gzip) in this process; off when a proxy in front does it. */
  httpCompression: boolean;
  /** JOB_LEASE_MS: a background job whose process stops renewing for this long is taken over by another. */
  jobLeaseMs: number;
  /** CHATGEN_TEST_JOB_HOLD_MS (test mode only): a claimed archive job waits this long before it runs. */
  testJobHoldMs: number;
  /** Base URL of the AI / speech / image provider service (docs/server-services.md); null: not configured. */
  providerUrl?: string | null;
  /** BUSINESS_APPS: the business apps of the client config (a JSON array; none by default). */
  businessApps?: BusinessApp[];
  /** QR_TOKEN_TTL_SECONDS: how long a QR login code is shown before the page refreshes it (default 60). */
  qrTokenTtlSeconds?: number;
  /** EMAIL_GROUP_MESSAGE_DOMAIN: the mail domain of the e-mail groups (client config emailGroupMessageDomain). */
  emailGroupMessageDomain?: string;
  /** The mail transport that sends emailed history archives (docs/server.md "Mail"); null: none configured. */
  mail?: MailConfig | null;
}

export interface MailConfig {
  /** SMTP_URL: smtp://user:password@host:port (smtps:// for TLS from the first byte). */
  smtpUrl: string;
  /** MAIL_FROM: the sender of the mails. */
  from: string;
  /** MAIL_MAX_ATTACHMENT_BYTES: a larger archive is not mailed (most mail servers refuse mails over 10–25 MB). */
  maxAttachmentBytes: number;
  /** MAIL_RETRY_DELAYS_MS: the waits before each further attempt after a passing fault; one attempt more than delays. */
  retryDelaysMs: number[];
}

function integerList(value: string | undefined, fallback: number[], name: string): number[] {
  if (value === undefined || value.trim() === '') return fallback;
  return value.split(',').map((part) => integer(part.trim(), 0, name));
}

function mailConfig(env: NodeJS.ProcessEnv): MailConfig | null {
  if (!env.SMTP_URL) return null;
  if (!/^smtps?:\/\//.test(env.SMTP_URL)) throw new Error(`SMTP_URL must start with smtp:// or smtps://, got "${env.SMTP_URL.replace(/\/\/[^@/]*@/, '//…@')}"`);
  return {
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM || 'Chat <no-reply@localhost>',
    maxAttachmentBytes: integer(env.MAIL_MAX_ATTACHMENT_BYTES, 10 * 1024 * 1024, 'MAIL_MAX_ATTACHMENT_BYTES'),
    retryDelaysMs: integerList(env.MAIL_RETRY_DELAYS_MS, [60_000, 300_000, 900_000], 'MAIL_RETRY_DELAYS_MS'),
  };
}

function integer(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return parsed;
}

/** Where a grid variant's children are served (same origin, so the children may be framed with SAMEORIGIN). */
export const GRID_CHILD_PATH = '/gridchild/';

function gridChildOf(variant: string, env: NodeJS.ProcessEnv, repoRoot: string): ServerConfig['gridChild'] {
  if (!variant.endsWith('_GRID_VERSION')) return null;
  const child = variant.replace(/_GRID_VERSION$/, '_GRID_CHILD');
  return { variant: child, clientDir: path.resolve(repoRoot, env.GRID_CHILD_DIR ?? path.join('dist', 'gridchild', child)) };
}

export function readConfig(env: NodeJS.ProcessEnv = process.env, repoRoot = process.cwd()): ServerConfig {
  const variant = (env.VARIANT ?? 'CSD').toUpperCase();
  const framePolicy = env.FRAME_POLICY === 'SAMEORIGIN' || env.FRAME_POLICY === 'DENY' ? env.FRAME_POLICY : null;
  return {
    port: integer(env.PORT, 8080, 'PORT'),
    host: env.HOST ?? '127.0.0.1',
    dataDir: path.resolve(repoRoot, env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL ? env.DATABASE_URL : null,
    databasePoolSize: integer(env.DATABASE_POOL_SIZE, 0, 'DATABASE_POOL_SIZE'),
    brokerUrl: env.BROKER_URL ? env.BROKER_URL : null,
    brokerExchange: env.BROKER_EXCHANGE || 'chatgen.bus',
    variant,
    clientDir: path.resolve(repoRoot, env.CLIENT_DIR ?? path.join('dist', variant)),
    gridChild: gridChildOf(variant, env, repoRoot),
    testMode: env.CHATGEN_TEST_MODE === '1',
    acceptApiKeyAlone: env.ACCEPT_API_KEY_ALONE === '1',
    mqSysName: env.MQ_SYS_NAME ?? 'chatgen',
    serverVersion: '1.0.0',
    sessionMaxIdleHours: integer(env.SESSION_MAX_IDLE_HOURS, 12, 'SESSION_MAX_IDLE_HOURS'),
    requestTimeoutSeconds: Math.max(1, integer(env.REQUEST_TIMEOUT_SECONDS, 120, 'REQUEST_TIMEOUT_SECONDS')),
    attachSizeBytes: integer(env.ATTACH_SIZE_BYTES, 25 * 1024 * 1024, 'ATTACH_SIZE_BYTES'),
    framePolicy,
    trustProxy: parseTrustedProxies(env.TRUST_PROXY),
    httpCompression: !['off', '0', 'false'].includes((env.HTTP_COMPRESSION ?? 'on').toLowerCase()),
    providerUrl: env.PROVIDER_URL ? env.PROVIDER_URL : null,
    jobLeaseMs: Math.max(1_000, integer(env.JOB_LEASE_MS, 30_000, 'JOB_LEASE_MS')),
    testJobHoldMs: integer(env.CHATGEN_TEST_JOB_HOLD_MS, 0, 'CHATGEN_TEST_JOB_HOLD_MS'),
    businessApps: parseBusinessApps(env.BUSINESS_APPS),
    qrTokenTtlSeconds: Math.max(1, integer(env.QR_TOKEN_TTL_SECONDS, QR_TOKEN_TTL_SECONDS, 'QR_TOKEN_TTL_SECONDS')),
    emailGroupMessageDomain: env.EMAIL_GROUP_MESSAGE_DOMAIN || 'groups.example.org',
    mail: mailConfig(env),
  };
}
