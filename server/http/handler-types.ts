// Typed route handlers: each endpoint's handler receives its generated request type and returns its
// generated response type (without the envelope's status) or a file.
import type { EndpointName, EndpointRequest, EndpointResponse } from '../../generated/api/endpoints.ts';
import type { FileResult, HandlerInput } from './types.ts';

export type EndpointHandler<N extends EndpointName> = (
  input: HandlerInput<EndpointRequest<N>>,
) => Promise<Omit<EndpointResponse<N>, 'status'> | FileResult>;

export type HandlerMap = { [N in EndpointName]?: EndpointHandler<N> };
