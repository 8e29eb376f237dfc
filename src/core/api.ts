// The one place the app builds its API client: generated functions over the HttpTransport.
import { createApiClient, type ApiClient } from '@generated/api/client';
import { config } from '@variant/config';
import { HttpTransport, type HttpTransportOptions } from './transport/http-transport.ts';

export type CreateClientOptions = Omit<HttpTransportOptions, 'host' | 'buildVersion'> & {
  /** Defaults to the variant's server host ('' = the page's own origin). */
  host?: string;
  /** Defaults to the variant's build version. */
  buildVersion?: number | string;
};

export interface Client {
  api: ApiClient;
  transport: HttpTransport;
}

export function createClient(options: CreateClientOptions): Client {
  const transport = new HttpTransport({
    ...options,
    host: options.host ?? config.server?.host ?? '',
    buildVersion: options.buildVersion ?? config.buildVersion,
  });
  return { api: createApiClient(transport), transport };
}

export type { ApiClient };
