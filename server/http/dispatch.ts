// Routes every POST /v3/chat/... call: look up the endpoint, authenticate, open the envelope, validate the
// body against its schema, run the handler, then seal the response. No handler runs on an invalid body.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import { ApiError } from './api-error.ts';
import { failureBody, httpStatusOf } from './failure.ts';
import { unsafeInputProblem } from './input-guard.ts';
import { readMultipart } from './multipart.ts';
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
  envelopes: EnvelopeCodec;
  testMode: boolean;
  maxBodyBytes: number;
  log(message: string, error?: unknown): void;
}

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
  };
}

function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

export function registerDispatcher(app: FastifyInstance, deps: DispatchDeps): void {
  const fail = (reply: FastifyReply, error: ApiError) =>
    reply.code(error.httpStatus ?? httpStatusOf(error.code)).send(failureBody(error));

  app.post('/v3/chat/*', { bodyLimit: deps.maxBodyBytes }, async (request, reply) => {
    const path = (request.url.split('?')[0] ?? '').slice('/v3'.length);
    const route = deps.routesByPath.get(path);
    if (!route || (route.testOnly && !deps.testMode)) return fail(reply, new ApiError('UNKNOWN_CALL', path));

    let session: AuthenticatedSession | null = null;
    let requestBody: unknown;
    try {
      const headers = readHeaders(request);
      if (route.access === 'secured') {
        if (!headers.apiKey) throw new ApiError('SESSION_EXPIRED', 'no api key');
        session = await deps.authenticate(headers.apiKey);
        if (!session) throw new ApiError('SESSION_EXPIRED');
      }

      let files: UploadedFile[] = [];
      let wireBody: unknown = request.body ?? {};
      if (route.multipart && request.isMultipart()) {
        const parts = await readMultipart(request, deps.maxBodyBytes);
        wireBody = parts.payload;
        files = parts.files;
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
      const error = caught instanceof ApiError ? caught : null;
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
