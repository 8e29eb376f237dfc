// Routes every POST /v3/chat/... call: look up the endpoint, authenticate, open the envelope, validate the
// body against its schema, run the handler, then seal the response. No handler runs on an invalid body.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import { ApiError } from './api-error.ts';
import { failureBody, httpStatusOf } from './failure.ts';
import { unsafeInputProblem } from './input-guard.ts';
import { limitStream } from './body-limits.ts';
import { readMultipart } from './multipart.ts';
import { DEVICE_PROOF_HEADER, type DeviceProofVerdict, type DeviceProofVerifier } from '../crypto/device-proof.ts';
import type { ValidationOutcome } from './validation.ts';
import type { AuthenticatedSession, ClientHeaders, FileResult, HandlerInput, RouteInfo, UploadedFile } from './types.ts';
import { isFileResult } from './types.ts';
import type { Handlers } from './handler-types.ts';

/** A handler as the dispatcher calls it: after the body was validated against the call's request schema. */
type ValidatedCall = (input: HandlerInput<unknown>) => Promise<object | FileResult>;

/** Envelope encryption of the paths listed in the application profile. */
export interface EnvelopeCodec {
  isRequestEncrypted(path: string): boolean;
  isResponseEncrypted(path: string): boolean;
  /** Returns the inner request body; throws ApiError when the envelope cannot be opened or verified. */
  openRequest(wire: unknown, route: RouteInfo, session: AuthenticatedSession | null): Promise<unknown>;
  /** Seals a success or failure body to the device of the caller; null when it cannot (no device key known). */
  sealResponse(
    body: object,
    route: RouteInfo,
    session: AuthenticatedSession | null,
    requestBody: unknown,
  ): Promise<{ key: string; body: string } | null>;
}

export interface DispatchDeps {
  routesByPath: ReadonlyMap<string, RouteInfo>;
  /** Null when the body is valid; otherwise the error to answer and readable problems. */
  validate(route: RouteInfo, body: unknown): ValidationOutcome | null;
  handlers: Handlers;
  authenticate(apiKey: string): Promise<AuthenticatedSession | null>;
  /** Why a refused api key's session was ended (its logout reason), or null: told in the X-Session-Ended header. */
  endReason?(apiKey: string): Promise<string | null>;
  envelopes: EnvelopeCodec;
  /** Checks the Device-Proof header of secured calls; null when the server accepts the api key alone (ACCEPT_API_KEY_ALONE). */
  deviceProofs: DeviceProofVerifier | null;
  testMode: boolean;
  /** Fastify's ceiling for the route: the largest limit of any call. */
  maxBodyBytes: number;
  /** The body limit of one call (body-limits.ts); undefined: an unknown call. */
  bodyLimit(route: RouteInfo | undefined): number;
  /** The largest file part of a multipart call. */
  attachSizeBytes: number;
  log(message: string, error?: unknown): void;
  /** The answer to a failure that is an outage of what the call needs (the database), not a fault; null otherwise. */
  outage?(error: unknown): ApiError | null;
}

/** Answer header of a refused api key whose session was ended, not expired: its logout reason. */
export const SESSION_ENDED_HEADER = 'x-session-ended';

function readHeaders(request: FastifyRequest): ClientHeaders {
  const header = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  return {
    buildVersion: header('build-version'),
    deviceType: header('device-type'),
    platform: header('platform'),
    pushPlatform: header('push-platform'),
    apiKey: header('api-key'),
    deviceProof: header(DEVICE_PROOF_HEADER),
  };
}

function isMultipartRequest(request: FastifyRequest): boolean {
  return /^multipart\/form-data\b/i.test(request.headers['content-type'] ?? '');
}

function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** A refused proof: without a valid one the api key does not authenticate; a spent or stale one is a replay. */
function deviceProofError(verdict: Exclude<DeviceProofVerdict, 'ok'>): ApiError {
  if (verdict === 'stale_timestamp' || verdict === 'replayed_nonce') return new ApiError('ENVELOPE_REPLAYED', `device proof: ${verdict}`);
  return new ApiError('SESSION_EXPIRED', `device proof: ${verdict}`);
}

export function registerDispatcher(app: FastifyInstance, deps: DispatchDeps): void {
  // JSON bodies are kept as sent too: a device proof signs the digest of the exact text.
  const rawBodies = new WeakMap<FastifyRequest, string>();
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    rawBodies.set(request, String(body));
    parseJson(request, String(body), done);
  });

  const fail = (reply: FastifyReply, error: ApiError) =>
    reply.code(error.httpStatus ?? httpStatusOf(error.code)).send(failureBody(error));
  const routeOf = (request: FastifyRequest) => {
    const path = (request.url.split('?')[0] ?? '').slice('/v3'.length);
    const route = deps.routesByPath.get(path);
    return { path, route: route && !(route.testOnly && !deps.testMode) ? route : undefined };
  };
  /** Who called, found before the body is read (onRequest), for the handler. */
  const callers = new WeakMap<FastifyRequest, AuthenticatedSession>();

  // Before a byte of the body is read: unknown calls, missing or expired api keys and declared sizes over the
  // call's limit are answered at once (docs/security.md, finding 7).
  const scope = (request: FastifyRequest) => request.method === 'POST' && request.url.startsWith('/v3/chat/');
  app.addHook('onRequest', async (request, reply) => {
    if (!scope(request)) return;
    const { path, route } = routeOf(request);
    if (!route) return fail(reply, new ApiError('UNKNOWN_CALL', path));
    if (route.access === 'secured') {
      const apiKey = readHeaders(request).apiKey;
      const session = apiKey ? await deps.authenticate(apiKey) : null;
      if (!session) {
        // A session ended by another of the user's devices (a logout of the other sessions, a remote wipe) says so:
        // its push may reach the page after this refusal, which must not read as an expiry (docs/protocol.md).
        const reason = apiKey && deps.endReason ? await deps.endReason(apiKey).catch(() => null) : null;
        if (reason) reply.header(SESSION_ENDED_HEADER, reason);
        return fail(reply, new ApiError('SESSION_EXPIRED', apiKey ? undefined : 'no api key'));
      }
      callers.set(request, session);
    }
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > deps.bodyLimit(route)) return fail(reply, new ApiError('TOO_LARGE'));
  });
  app.addHook('preParsing', async (request, _reply, payload) => {
    // A multipart body is read by the multipart parser straight off the request, never from this stream: a
    // limit piped in here would fill up unread and stall the upload (readMultipart keeps its limits instead).
    if (!scope(request) || isMultipartRequest(request)) return payload;
    return payload.pipe(limitStream(deps.bodyLimit(routeOf(request).route)));
  });

  app.post('/v3/chat/*', { bodyLimit: deps.maxBodyBytes }, async (request, reply) => {
    const { path, route } = routeOf(request);
    if (!route) return fail(reply, new ApiError('UNKNOWN_CALL', path));

    let session: AuthenticatedSession | null = null;
    let requestBody: unknown;
    try {
      const headers = readHeaders(request);
      if (route.access === 'secured') {
        session = callers.get(request) ?? null;
        if (!session) throw new ApiError('SESSION_EXPIRED');
      }

      let files: UploadedFile[] = [];
      let wireBody: unknown = request.body ?? {};
      let wireText = rawBodies.get(request) ?? '';
      if (route.multipart && request.isMultipart()) {
        const parts = await readMultipart(request, { fileBytes: deps.attachSizeBytes, totalBytes: deps.bodyLimit(route) }).catch((error: unknown) => {
          // The rest of the body is never read: the answer closes the connection instead of waiting for it.
          void reply.header('connection', 'close');
          throw error;
        });
        wireBody = parts.payload;
        wireText = parts.payloadText;
        files = parts.files;
      }
      if (session && deps.deviceProofs) {
        const verdict = deps.deviceProofs.verify({
          method: 'POST',
          path: request.url.split('?')[0] ?? '',
          body: wireText,
          header: headers.deviceProof,
          devicePublicKeyPem: session.devicePublicKeyPem,
        });
        if (verdict !== 'ok') throw deviceProofError(verdict);
      }
      // Before anything reads the body (an envelope's loginName picks a key): NUL, lone surrogates, unsafe numbers.
      const unsafeWire = unsafeInputProblem(wireBody);
      if (unsafeWire) throw new ApiError('INVALID_INPUT', unsafeWire);
      requestBody = deps.envelopes.isRequestEncrypted(route.path)
        ? await deps.envelopes.openRequest(wireBody, route, session)
        : wireBody;

      const unsafe = unsafeInputProblem(requestBody);
      if (unsafe) throw new ApiError('INVALID_INPUT', unsafe);
      const invalid = deps.validate(route, requestBody);
      if (invalid) throw new ApiError(invalid.errorName, invalid.problems.join('; '));

      // The one place where a body meets its type: `validate` just checked it against route.name's request
      // schema, and the session is non-null for secured routes (refused above without one).
      const handler = deps.handlers[route.name] as ValidatedCall;
      const input: HandlerInput<unknown> = {
        route,
        body: requestBody,
        session,
        files,
        headers,
        remoteAddress: request.ip,
      };
      const result = await handler(input);
      if (isFileResult(result)) {
        return reply
          .code(200)
          .headers({
            'content-type': result.contentType,
            'content-disposition': contentDisposition(result.filename),
            'access-control-expose-headers': 'content-disposition',
          })
          .send(Buffer.from(result.data));
      }
      const body = { status: 'success', ...result };
      return reply.code(200).send(await sealIfNeeded(route, body, session, requestBody));
    } catch (caught) {
      const outage = caught instanceof ApiError ? null : (deps.outage?.(caught) ?? null);
      const error = caught instanceof ApiError ? caught : outage;
      if (!error) deps.log(`unexpected failure in ${route.path}`, caught);
      const apiError = error ?? new ApiError('INTERNAL_ERROR');
      const status = apiError.httpStatus ?? httpStatusOf(apiError.code);
      if (apiError.retryAfterSeconds !== undefined) void reply.header('retry-after', String(Math.max(1, Math.ceil(apiError.retryAfterSeconds))));
      return reply.code(status).send(await sealIfNeeded(route, failureBody(apiError), session, requestBody));
    }
  });

  async function sealIfNeeded(route: RouteInfo, body: object, session: AuthenticatedSession | null, requestBody: unknown) {
    if (!deps.envelopes.isResponseEncrypted(route.path)) return body;
    try {
      return (await deps.envelopes.sealResponse(body, route, session, requestBody)) ?? body;
    } catch (error) {
      deps.log(`could not seal the response of ${route.path}`, error);
      return body;
    }
  }
}
