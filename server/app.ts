// Assembles the reference server: database, blob store, bus, HTTP dispatcher, STOMP endpoints, static client.
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import type { AddressInfo } from 'node:net';
import { endpoints } from '../generated/api/endpoints.ts';
import { routes as generatedRoutes } from '../generated/server/routes.ts';
import { validators } from '../generated/server/validators.js';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { GRID_CHILD_PATH, type ServerConfig } from './config.ts';
import type { EncryptionSettings, ServerContext } from './context.ts';
import { createDurableReplayGuard } from './crypto/replay-guard-store.ts';
import { ApiError } from './http/api-error.ts';
import { registerDispatcher } from './http/dispatch.ts';
import { bodyLimitFor, largestBodyLimit } from './http/body-limits.ts';
import { proxyTrust } from './http/client-address.ts';
import { createEnvelopeCodec } from './http/envelope-codec.ts';
import { DeviceProofVerifier } from './crypto/device-proof.ts';
import { failureBody, httpStatusOf } from './http/failure.ts';
import { faultSummary } from './http/fault-summary.ts';
import type { CompressedAssets } from './http/asset-compression.ts';
import { databaseOutage, Readiness, refuseUpgradesUntilReady, registerProbes } from './http/readiness.ts';
import { DatabaseReachability } from './store/reachability.ts';
import { answerUnknownClientPath, registerStaticClient } from './http/static-client.ts';
import type { RouteInfo } from './http/types.ts';
import { validationOutcome } from './http/validation.ts';
import { createSessionAuthenticator } from './services/sessions.ts';
import { openBus, type OpenedBus } from './realtime/open-bus.ts';
import type { Bus } from './realtime/broker.ts';
import { publishRevocation, type Revocation } from './realtime/revocation.ts';
import { attachStompServer, type StompServer } from './realtime/stomp-server.ts';
import { createRealtimeHooks } from './services/realtime-hooks.ts';
import { createUserKeyDirectory, type UserKeyDirectory } from './services/identity/user-keys.ts';
import { createNotifier } from './services/notifier.ts';
import { allHandlers } from './routes/index.ts';
import { loadVariantConfig } from './variant.ts';
import type { Database } from './store/db.ts';
import { openBlobStore, openDatabase } from './store/open.ts';
import { migrate } from './store/migrate.ts';
import { seedChatbotData } from './seed/chatbot.ts';
import { repos } from './store/repos/index.ts';
import { startHousekeeping } from './services/housekeeping.ts';
import { archiveWorkerIdle, resumeArchiveJobs } from './services/messages/archive.ts';

export interface ServerApp {
  ctx: ServerContext;
  http: FastifyInstance;
  readiness: Readiness;
  /** Best-quality compressed copies of the client's hashed assets (made in the background). */
  clientAssets: CompressedAssets;
  /** The address actually bound (port 0 picks a free one). */
  url: string;
  close(): Promise<void>;
}

export interface StartOptions {
  /** Use this database instead of opening the configured one (DATABASE_URL, or the embedded one under dataDir). */
  db?: Database;
  bus?: Bus;
  log?: (message: string, error?: unknown) => void;
  /**
   * Start-up work after the migrations and before the server is ready (the demo seed of `npm start`).
   * Calls answer 503 with Retry-After until it has finished.
   */
  prepare?: (ctx: ServerContext) => Promise<void>;
  /** Called once the port is open (probes answer), before the server is ready. */
  onListening?: (url: string) => void;
}

/** By default the login, key and message calls travel in envelopes (docs/protocol.md). */
export function defaultEncryptionSettings(): EncryptionSettings {
  const encrypted = new Set(
    Object.values(endpoints)
      .filter((endpoint) => endpoint.encryptedByDefault)
      .map((endpoint) => endpoint.path.replace(/^\//, '')),
  );
  return { defaultEncryptionAlgorithm: 'GCM', requestEncrypted: encrypted, responseEncrypted: encrypted };
}

/** The generated route table, by path: the dispatcher reads it as the contract states it, nothing copied. */
function routeTable(): ReadonlyMap<string, RouteInfo> {
  return new Map<string, RouteInfo>(Object.entries(generatedRoutes));
}

/**
 * What every server does to its database before it is ready: migrations, login-name keys, the chatbot's reference
 * data and the decoy key pool. Each step finds what is already there, so a prepared database costs only the checks.
 */
export async function prepareStore(
  db: Database,
  userKeys: UserKeyDirectory,
  log: (message: string, error?: unknown) => void,
  phase: (name: 'migrating' | 'seeding') => void = () => undefined,
): Promise<void> {
  phase('migrating');
  await migrate(db);
  for (const accountId of await repos(db).accounts.fillMissingLoginKeys()) {
    // Two accounts whose names are one name after normalisation: the later one cannot log in until renamed.
    log(`account ${accountId}: its login name is another account's after normalisation; it cannot log in until renamed`);
  }
  phase('seeding');
  // The built-in chatbot's menus and answers are reference data every server needs (once per database).
  await seedChatbotData(db);
  await userKeys.prepare();
}

/** How long requests still in flight may finish when the server stops, before their connections are closed. */
export const SHUTDOWN_GRACE_MS = 2_000;

/** Stops taking requests, lets those in flight finish for a moment, then closes whatever is still open. */
async function closeHttp(http: FastifyInstance): Promise<void> {
  const cut = setTimeout(() => http.server.closeAllConnections(), SHUTDOWN_GRACE_MS);
  try {
    await http.close();
  } finally {
    clearTimeout(cut);
  }
}

export async function startServer(givenConfig: ServerConfig, options: StartOptions = {}): Promise<ServerApp> {
  // A grid child is served (and announced as gridViewChildUrl) only when its build is there.
  const gridChild = givenConfig.gridChild && existsSync(path.join(givenConfig.gridChild.clientDir, 'index.html')) ? givenConfig.gridChild : null;
  const config: ServerConfig = { ...givenConfig, gridChild };
  const sink = options.log ?? ((message: string, error?: unknown) => console.error(message, error ?? ''));
  // Every fault reaches the log as its kind and place only: a database error carries the caller's input.
  const log = (message: string, error?: unknown) => sink(message, error === undefined ? undefined : faultSummary(error));
  // First, so an unknown VARIANT stops the start before anything is opened.
  const framePolicy = config.framePolicy ?? (await loadVariantConfig(config.variant)).server?.framePolicy ?? 'DENY';
  const db = options.db ?? (await openDatabase(config, log));
  // A bus handed in belongs to the caller; one opened here (BROKER_URL) is closed with the server.
  const ownBus: OpenedBus = options.bus
    ? { bus: options.bus, close: () => Promise.resolve() }
    : await openBus(config, log).catch(async (error: unknown) => {
        if (!options.db) await db.close().catch(() => undefined);
        throw error;
      });
  const bus = ownBus.bus;
  const readiness = new Readiness();
  let stomp: StompServer | null = null;
  const dbRepos = repos(db);

  const ctx: ServerContext = {
    config,
    db,
    repos: dbRepos,
    blobs: openBlobStore(db, config.dataDir),
    bus,
    notifier: createNotifier(bus, config.mqSysName),
    replayGuard: createDurableReplayGuard(dbRepos.nonces, { log }),
    userKeys: createUserKeyDirectory(dbRepos),
    encryption: defaultEncryptionSettings(),
    kick: (target, message = 'Session ended by the server') => {
      const revocation: Revocation =
        'sessionId' in target ? { kind: 'session', sessionId: target.sessionId, message } : { kind: 'account', accountId: target.accountId, message };
      publishRevocation(bus, revocation).catch((error: unknown) => log('revocation not published', error));
    },
    now: () => new Date(),
    log,
  };

  const http = Fastify({
    logger: false,
    bodyLimit: largestBodyLimit(config.attachSizeBytes),
    trustProxy: proxyTrust(config.trustProxy ?? []),
    // A body that has not arrived by then is answered 408 and its connection closed (Fastify's default: never).
    requestTimeout: config.requestTimeoutSeconds * 1000,
  });
  // PostgreSQL can go away under a running server: its calls then answer 503 and /readyz not-ready until it is back.
  const reachability = new DatabaseReachability({ check: db.ping ? () => db.ping!() : null, log });
  const outage = (error: unknown) => (reachability.noteFailure(error) ? databaseOutage() : null);
  registerProbes(http, readiness, reachability);
  if (config.httpCompression) {
    // Request bodies are never inflated (a small gzip body could expand without bound); responses are compressed.
    await http.register(compress, { global: true, globalDecompression: false, encodings: ['br', 'gzip'], threshold: 1024 });
  }
  await http.register(multipart);
  http.setErrorHandler((error, _request, reply) => {
    // Fastify's own refusals (malformed JSON, body too large, wrong content type) get the seed's envelope.
    const statusCode = (error as { statusCode?: number }).statusCode ?? 500;
    const unavailable = statusCode >= 500 ? outage(error) : null;
    const apiError =
      unavailable ??
      (statusCode === 413
        ? new ApiError('TOO_LARGE')
        : statusCode >= 400 && statusCode < 500
          ? new ApiError('INVALID_INPUT', (error as Error).message)
          : new ApiError('INTERNAL_ERROR'));
    if (!unavailable && statusCode >= 500) log('request failed', error);
    if (apiError.retryAfterSeconds !== undefined) void reply.header('retry-after', String(apiError.retryAfterSeconds));
    void reply.code(apiError.httpStatus ?? httpStatusOf(apiError.code)).send(failureBody(apiError));
  });
  http.setNotFoundHandler((request, reply) =>
    request.url.startsWith('/v3/')
      ? reply.code(404).send(failureBody(new ApiError('UNKNOWN_CALL')))
      : answerUnknownClientPath(request, reply, framePolicy, gridChild && request.url.startsWith(GRID_CHILD_PATH) ? GRID_CHILD_PATH : '/'),
  );

  // One verifier for HTTP and CONNECT: a proof's nonce is spent once across both.
  const deviceProofs = config.acceptApiKeyAlone ? null : new DeviceProofVerifier();
  registerDispatcher(http, {
    routesByPath: routeTable(),
    validate: (route, body) => {
      const validate = validators[route.name as keyof typeof validators];
      return validate(body) ? null : validationOutcome(route.name as keyof typeof validators, validate.errors ?? []);
    },
    handlers: allHandlers(ctx),
    authenticate: createSessionAuthenticator(ctx),
    endReason: (apiKey) => ctx.repos.sessions.endReasonByApiKey(apiKey),
    envelopes: createEnvelopeCodec(ctx),
    deviceProofs,
    testMode: config.testMode,
    maxBodyBytes: largestBodyLimit(config.attachSizeBytes),
    bodyLimit: (route) => bodyLimitFor(route, config.attachSizeBytes),
    attachSizeBytes: config.attachSizeBytes,
    log,
    outage,
  });
  const { assets: clientAssets } = await registerStaticClient(http, { clientDir: config.clientDir, framePolicy, precompress: config.httpCompression, log });
  if (gridChild) {
    await registerStaticClient(http, {
      clientDir: gridChild.clientDir,
      prefix: GRID_CHILD_PATH,
      framePolicy: (await loadVariantConfig(gridChild.variant)).server?.framePolicy ?? 'SAMEORIGIN',
      precompress: config.httpCompression,
      log,
    });
  }

  // The port opens before the slow start-up work: liveness answers at once, calls get 503 until ready.
  const stopRefusingUpgrades = refuseUpgradesUntilReady(http.server);
  let stopHousekeeping = (): Promise<void> => Promise.resolve();
  let stopArchiveJobs = () => {};
  try {
    await http.listen({ port: config.port, host: config.host });
    const address = http.server.address() as AddressInfo;
    const url = `http://${config.host}:${address.port}`;
    options.onListening?.(url);

    await prepareStore(db, ctx.userKeys, log, (phase) => readiness.set(phase));
    await options.prepare?.(ctx);

    stopRefusingUpgrades();
    const hooks = createRealtimeHooks(ctx, deviceProofs);
    stomp = attachStompServer({
      httpServer: http.server,
      bus,
      authenticate: hooks.authenticate,
      authorise: hooks.authorise,
      authoriseLogin: hooks.authoriseLogin,
      onClientSend: hooks.onClientSend,
      onLoginSubscribed: hooks.onLoginSubscribed,
      log: (event, detail) => {
        if (event.includes('error')) log(`stomp ${event}`, detail);
      },
    });
    stopHousekeeping = startHousekeeping(ctx);
    stopArchiveJobs = resumeArchiveJobs(ctx);
    readiness.set('ready');

    return {
      ctx,
      http,
      readiness,
      clientAssets,
      url,
      async close() {
        readiness.set('stopping');
        reachability.stop();
        const housekeepingStopped = stopHousekeeping();
        stopArchiveJobs();
        await stomp?.close();
        await closeHttp(http);
        await archiveWorkerIdle(ctx).catch(() => undefined);
        await housekeepingStopped;
        await ownBus.close();
        if (!options.db) await db.close();
      },
    };
  } catch (error) {
    // A start that fails half-way leaves nothing open behind it.
    readiness.set('stopping');
    reachability.stop();
    const housekeepingStopped = stopHousekeeping();
    stopArchiveJobs();
    await stomp?.close().catch(() => undefined);
    await http.close().catch(() => undefined);
    await housekeepingStopped;
    await ownBus.close().catch(() => undefined);
    if (!options.db) await db.close().catch(() => undefined);
    throw error;
  }
}
