// A Node implementation of the generated client's ApiTransport, used by server and contract tests to act as
// a real client: seed headers, envelope encryption of the announced paths, multipart and file responses.
import { createApiClient, type ApiResult, type ApiTransport, type CallOptions } from '../../generated/api/client.ts';
import type { EndpointDescriptor } from '../../generated/api/endpoints.ts';
import type { ErrMsgList } from '../../generated/types/index.ts';
import type { AesAlgorithm } from '../../server/crypto/aes.ts';
import { openResponseOrFailed, sealRequestEnvelope } from '../../server/crypto/envelope.ts';
import { generateRsaKeyPair } from '../../server/crypto/rsa.ts';
import { makeDeviceProof } from '../../server/crypto/device-proof.ts';

/**
 * The device private key of every api key this test process was given by a login through NodeTransport, so a
 * socket or a raw request made with that api key can prove its device as the client does (docs/security.md).
 */
const deviceKeyByApiKey = new Map<string, string>();

/** The Device-Proof header for a request (or CONNECT) made with `apiKey`; {} for an api key no login here made. */
export function deviceProofHeaders(apiKey: string, target: { method: string; path: string; body: string }): Record<string, string> {
  const privateKeyPem = deviceKeyByApiKey.get(apiKey);
  return privateKeyPem ? { 'Device-Proof': makeDeviceProof(privateKeyPem, target) } : {};
}

export interface EncryptionProfile {
  isReqEncryptedList: string[];
  isRespEncryptedList: string[];
  defaultEncryptionAlgorithm: AesAlgorithm;
}

export interface DeviceKeys {
  publicKeyPem: string;
  privateKeyPem: string;
}

/** What the transport knows about the signed-in user. */
export interface TransportSession {
  loginName?: string;
  apiKey?: string;
  userPublicKeyPem?: string;
  device?: DeviceKeys;
}

export class NodeTransport implements ApiTransport {
  readonly session: TransportSession = {};
  private profile: EncryptionProfile | null = null;
  /** Every JSON wire body sent with its headers, for tests that inspect (or replay) what travels. */
  readonly sentBodies: { path: string; body: string; headers: Record<string, string> }[] = [];

  constructor(
    readonly baseUrl: string,
    readonly headers: Record<string, string> = {},
    /** how requests go out (fetchFrom: from another local address) */
    private readonly fetch: typeof globalThis.fetch = globalThis.fetch,
  ) {}

  async loadProfile(): Promise<EncryptionProfile> {
    if (this.profile) return this.profile;
    const response = await this.fetch(`${this.baseUrl}/v3/chat/pub/application/getpublicapplicationprofile`, {
      method: 'POST',
      headers: { ...this.baseHeaders(), 'content-type': 'application/json' },
      body: '{}',
    });
    const body = (await response.json()) as EncryptionProfile & { status: string };
    if (body.status !== 'success') throw new Error(`profile unavailable: ${JSON.stringify(body)}`);
    this.profile = body;
    return body;
  }

  private baseHeaders(): Record<string, string> {
    const headers: Record<string, string> = {
      'Build-Version': '18',
      'Device-Type': 'WEB',
      Platform: 'WEB',
      'Push-Platform': 'WS',
      ...this.headers,
    };
    if (this.session.apiKey) headers['Api-Key'] = this.session.apiKey;
    return headers;
  }

  async call<Req, Res>(endpoint: EndpointDescriptor, body: Req, options?: CallOptions): Promise<ApiResult<Res>> {
    const profile = await this.loadProfile();
    const path = endpoint.path.replace(/^\//, '');
    const encryptRequest = profile.isReqEncryptedList.includes(path);
    const decryptResponse = profile.isRespEncryptedList.includes(path);
    let wire: unknown = body;
    if (encryptRequest) {
      const { loginName, device, userPublicKeyPem } = this.session;
      if (!loginName || !device || !userPublicKeyPem) throw new Error(`${path} needs a device key and user key first`);
      wire = sealRequestEnvelope(loginName, body, device.privateKeyPem, userPublicKeyPem, profile.defaultEncryptionAlgorithm);
    }
    const headers = this.baseHeaders();
    let requestBody: BodyInit;
    if (endpoint.multipart) {
      const form = new FormData();
      form.append('payload', JSON.stringify(wire));
      for (const file of options?.files ?? []) form.append('file', file);
      requestBody = form;
    } else {
      headers['content-type'] = 'application/json';
      requestBody = JSON.stringify(wire);
    }
    const { apiKey, device } = this.session;
    if (endpoint.access === 'secured' && apiKey && device) {
      const payload = endpoint.multipart ? JSON.stringify(wire) : (requestBody as string);
      headers['Device-Proof'] = makeDeviceProof(device.privateKeyPem, { method: 'POST', path: `/v3${endpoint.path}`, body: payload });
    }
    if (typeof requestBody === 'string') this.sentBodies.push({ path, body: requestBody, headers: { ...headers } });
    const response = await this.fetch(`${this.baseUrl}/v3${endpoint.path}`, { method: 'POST', headers, body: requestBody });
    const disposition = response.headers.get('content-disposition');
    if (disposition && response.ok) {
      const match = /filename\*=UTF-8''([^;]+)/.exec(disposition) ?? /filename="([^"]+)"/.exec(disposition);
      const filename = match?.[1] ? decodeURIComponent(match[1]) : 'download';
      return { ok: true, data: { blob: await response.blob(), filename } as Res };
    }
    let json = (await response.json()) as Record<string, unknown>;
    if (decryptResponse && typeof json.key === 'string' && typeof json.body === 'string') {
      const { device, userPublicKeyPem } = this.session;
      json = openResponseOrFailed(json, device!.privateKeyPem, userPublicKeyPem!, profile.defaultEncryptionAlgorithm) as Record<
        string,
        unknown
      >;
    }
    if (json.status === 'success') {
      const { status: _status, ...data } = json;
      if (typeof data.apiKey === 'string' && this.session.device) deviceKeyByApiKey.set(data.apiKey, this.session.device.privateKeyPem);
      return { ok: true, data: data as Res };
    }
    return { ok: false, status: 'failed', errMsgList: (json.errMsgList ?? []) as ErrMsgList, httpStatus: response.status };
  }
}

export type TestApi = ReturnType<typeof createApiClient>;

export interface SignedInClient {
  api: TestApi;
  transport: NodeTransport;
  accountId: string;
  apiKey: string;
}

/** The seed's login flow: user public key, a fresh device key pair, login, profile. */
export async function signIn(
  baseUrl: string,
  loginName: string,
  password: string,
  options: { device?: DeviceKeys; transport?: NodeTransport } = {},
): Promise<SignedInClient> {
  const transport = options.transport ?? new NodeTransport(baseUrl);
  const api = createApiClient(transport);
  const key = await api.getUserPubKey({ loginName });
  if (!key.ok) throw new Error(`getuserpubkey failed: ${JSON.stringify(key.errMsgList)}`);
  transport.session.loginName = loginName;
  transport.session.userPublicKeyPem = key.data.userPubKey;
  // A test signing in many accounts may reuse one device key pair (key generation dominates its run time).
  transport.session.device = options.device ?? (await generateRsaKeyPair());
  const login = await api.login({
    loginName,
    password,
    devicePubKey: transport.session.device.publicKeyPem,
    deviceID: crypto.randomUUID(),
    deviceInfo: { deviceType: 'WEB', appPlatform: 'WEB', appPushPlatform: 'WS', buildVersion: '18' },
  });
  if (!login.ok) throw new LoginError(login.errMsgList, login.httpStatus);
  transport.session.apiKey = login.data.apiKey;
  const profile = await api.getAccountProfile({});
  if (!profile.ok) throw new Error(`getaccountprofile failed: ${JSON.stringify(profile.errMsgList)}`);
  const accountId = String((profile.data as { accountInfo: { accountId: string | number } }).accountInfo.accountId);
  return { api, transport, accountId, apiKey: login.data.apiKey };
}

export type WireTokenType = 'SSO' | 'OTP' | 'JWT' | 'NEXTOKEN' | 'AUTH_OTP';

/** A token login as the client does it: user key, a fresh device key, loginwithtoken. */
export async function loginWithToken(baseUrl: string, loginName: string, token: string, type?: WireTokenType) {
  const transport = new NodeTransport(baseUrl);
  const client = createApiClient(transport);
  const key = await client.getUserPubKey({ loginName });
  if (!key.ok) throw new LoginError(key.errMsgList, key.httpStatus);
  transport.session.loginName = loginName;
  transport.session.userPublicKeyPem = key.data.userPubKey;
  transport.session.device = await generateRsaKeyPair();
  return client.loginWithToken({
    loginName,
    devicePubKey: transport.session.device.publicKeyPem,
    deviceID: crypto.randomUUID(),
    isTokenBasedAuth: true,
    tokenData: { token, ...(type ? { type } : {}) },
  });
}

export class LoginError extends Error {
  constructor(
    readonly errMsgList: ErrMsgList,
    readonly httpStatus?: number,
  ) {
    super(`login failed: ${errMsgList[0]?.errors[0]?.code ?? 'no code'}`);
  }
}

/** The first error code of a failed result, for assertions. */
export function errorCode(result: ApiResult<unknown>): string | undefined {
  return result.ok ? undefined : result.errMsgList[0]?.errors[0]?.code;
}
