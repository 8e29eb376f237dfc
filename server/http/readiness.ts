// Start-up state of the server and the probes that report it. The HTTP port opens first so that liveness can be
// checked at once; until the database is migrated and seeded every call and every socket upgrade is answered
// 503 with a Retry-After hint, so a login in the first seconds never meets a half-made server.
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { ApiError } from './api-error.ts';
import { failureBody } from './failure.ts';
import { OUTAGE_RETRY_AFTER_SECONDS, type DatabaseReachability } from '../store/reachability.ts';

export type StartStage = 'starting' | 'migrating' | 'seeding' | 'ready' | 'stopping';

/** Seconds a caller is asked to wait while the server starts. */
export const STARTING_RETRY_AFTER_SECONDS = 2;

export class Readiness {
  private current: StartStage = 'starting';

  get stage(): StartStage {
    return this.current;
  }

  get ready(): boolean {
    return this.current === 'ready';
  }

  set(stage: StartStage): void {
    this.current = stage;
  }
}

/** Paths the probes answer on; they are outside /v3 so no client call can collide with them. */
export const HEALTH_PATH = '/healthz';
export const READY_PATH = '/readyz';

/** The answer to a call while the database cannot be reached: the seed's 'Cannot connect to server', as 503 with Retry-After. */
export function databaseOutage(): ApiError {
  return new ApiError('INTERNAL_ERROR', undefined, 503, OUTAGE_RETRY_AFTER_SECONDS);
}

/**
 * `reachability`: once started, /readyz also reports not-ready (stage `database-unreachable`) and calls answer 503
 * while the database cannot be reached (store/reachability.ts).
 */
export function registerProbes(app: FastifyInstance, readiness: Readiness, reachability?: DatabaseReachability): void {
  app.get(HEALTH_PATH, async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok', stage: readiness.stage }));

  app.get(READY_PATH, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (readiness.ready && (!reachability || (await reachability.ready()))) return reply.send({ status: 'ready' });
    if (readiness.ready) {
      return reply.code(503).header('retry-after', String(OUTAGE_RETRY_AFTER_SECONDS)).send({ status: 'not-ready', stage: 'database-unreachable' });
    }
    return reply.code(503).header('retry-after', String(STARTING_RETRY_AFTER_SECONDS)).send({ status: 'not-ready', stage: readiness.stage });
  });

  // Calls and the STOMP endpoints need the database; the probes and the static client do not.
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/v3/')) return;
    if (readiness.ready) {
      if (reachability && !reachability.reachable) {
        const outage = databaseOutage();
        await reply.code(503).header('retry-after', String(outage.retryAfterSeconds)).send(failureBody(outage));
      }
      return;
    }
    await reply
      .code(503)
      .header('retry-after', String(STARTING_RETRY_AFTER_SECONDS))
      .send(failureBody(new ApiError('SERVICE_STARTING', readiness.stage)));
  });
}

/**
 * Until the realtime endpoints are attached, a WebSocket upgrade gets a plain 503 with Retry-After (a client
 * reconnecting after a restart then simply tries again). Returns the function that stops refusing.
 */
export function refuseUpgradesUntilReady(server: Server): () => void {
  const refuse = (_request: unknown, socket: Duplex) => {
    socket.end(
      `HTTP/1.1 503 Service Unavailable\r\nRetry-After: ${STARTING_RETRY_AFTER_SECONDS}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
    );
  };
  server.on('upgrade', refuse);
  return () => server.off('upgrade', refuse);
}
