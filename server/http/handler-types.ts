// Typed route handlers: each endpoint's handler receives its generated request type (and a non-null session when
// the endpoint is secured) and returns its generated response type (without the envelope's status) or a file.
// `Handlers` is total: the server's table must name a handler for every call of the contract.
import type { EndpointName, EndpointRequest, EndpointResponse } from '../../generated/api/endpoints.ts';
import type { RouteAccess } from '../../generated/server/routes.ts';
import type { AuthenticatedSession, FileResult, HandlerInput } from './types.ts';

export type SessionOf<N extends EndpointName> = RouteAccess[N] extends 'secured' ? AuthenticatedSession : AuthenticatedSession | null;

export type EndpointInput<N extends EndpointName> = HandlerInput<EndpointRequest<N>, SessionOf<N>>;

export type EndpointHandler<N extends EndpointName> = (input: EndpointInput<N>) => Promise<Omit<EndpointResponse<N>, 'status'> | FileResult>;

/** Every call's handler. */
export type Handlers = { [N in EndpointName]: EndpointHandler<N> };

/**
 * What a group or part of a group serves. Group functions return `{...} satisfies HandlerMap` (not `: HandlerMap`),
 * so their objects keep their exact keys and `allHandlers` can be checked as total `Handlers`.
 */
export type HandlerMap = Partial<Handlers>;
