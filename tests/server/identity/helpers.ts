// A client without a session, for the public calls of the identity tests.
import { createApiClient } from '../../../generated/api/client.ts';
import { NodeTransport } from '../../support/node-transport.ts';

export function anonymousApi(baseUrl: string) {
  return createApiClient(new NodeTransport(baseUrl));
}
