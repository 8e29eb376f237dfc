// The one place the app builds its transport, and binds to it the generated calls the core itself makes. Each
// call is imported on its own, so a bundle carries only the calls it makes (the /login route: the login calls).
import type { ApiTransport, CallOptions } from '@generated/api/runtime';
import { checkSession, getApplicationProfile, logout } from '@generated/api/authentication';
import { getAccountProfile } from '@generated/api/account';
import { sendAesMessage } from '@generated/api/messages';
import { getUserPubKey, login, loginWithToken, ssoLogin } from '@generated/api/public';
import { getAesKeyByMessageKeyUuids, getAesKeyByRoomId, getCommonAesKey } from '@generated/api/security';
import { config } from '@variant/config';
import { HttpTransport, type HttpTransportOptions } from './transport/http-transport.ts';

/** A generated call: `(transport, body, options?) => Promise<result>`. */
type Call = (transport: ApiTransport, body: never, options?: CallOptions) => Promise<unknown>;

/** The calls with the transport bound: `(body, options?) => Promise<result>`, the shape the core's modules take. */
export type BoundCalls<F extends Record<string, Call>> = {
  [K in keyof F]: F[K] extends (transport: ApiTransport, body: infer B, options?: CallOptions) => infer R ? (body: B, options?: CallOptions) => R : never;
};

export function bindCalls<F extends Record<string, Call>>(transport: ApiTransport, calls: F): BoundCalls<F> {
  const bound: Record<string, (body: never, options?: CallOptions) => Promise<unknown>> = {};
  for (const [name, call] of Object.entries(calls)) bound[name] = (body, options) => call(transport, body, options);
  return bound as BoundCalls<F>;
}

/** The calls the core makes: login (password or token), resume, logout, message keys and sending. */
const coreCalls = {
  checkSession,
  getAccountProfile,
  getAesKeyByMessageKeyUuids,
  getAesKeyByRoomId,
  getApplicationProfile,
  getCommonAesKey,
  getUserPubKey,
  login,
  loginWithToken,
  logout,
  sendAesMessage,
  ssoLogin,
};
export type CoreApi = BoundCalls<typeof coreCalls>;

export type CreateClientOptions = Omit<HttpTransportOptions, 'host' | 'buildVersion'> & {
  /** Defaults to the variant's server host ('' = the page's own origin). */
  host?: string;
  /** Defaults to the variant's build version. */
  buildVersion?: number | string;
};

export interface Client {
  api: CoreApi;
  transport: HttpTransport;
}

export function createClient(options: CreateClientOptions): Client {
  const transport = new HttpTransport({
    ...options,
    host: options.host ?? config.server?.host ?? '',
    buildVersion: options.buildVersion ?? config.buildVersion,
  });
  return { api: bindCalls(transport, coreCalls), transport };
}
