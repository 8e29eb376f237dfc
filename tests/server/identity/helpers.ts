// Sign-in for the identity tests. Same flow as tests/support/node-transport.ts signIn, but the profile
// request carries `content-type: application/json` (the shared helper posts '{}' as text/plain, which the
// dispatcher refuses with "must be object"; reported to the lead).
import { createApiClient } from '../../../generated/api/client.ts';
import { generateRsaKeyPair } from '../../../server/crypto/rsa.ts';
import { LoginError, NodeTransport, type EncryptionProfile, type SignedInClient } from '../../support/node-transport.ts';

export class JsonNodeTransport extends NodeTransport {
  private cached: EncryptionProfile | null = null;

  override async loadProfile(): Promise<EncryptionProfile> {
    if (this.cached) return this.cached;
    const response = await fetch(`${this.baseUrl}/v3/chat/pub/application/getpublicapplicationprofile`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'Device-Type': 'WEB', Platform: 'WEB', 'Push-Platform': 'WS' },
      body: '{}',
    });
    const body = (await response.json()) as EncryptionProfile & { status: string };
    if (body.status !== 'success') throw new Error(`profile unavailable: ${JSON.stringify(body)}`);
    this.cached = body;
    return body;
  }
}

export async function signInAs(baseUrl: string, loginName: string, password: string): Promise<SignedInClient> {
  const transport = new JsonNodeTransport(baseUrl);
  const api = createApiClient(transport);
  const key = await api.getUserPubKey({ loginName });
  if (!key.ok) throw new LoginError(key.errMsgList, key.httpStatus);
  transport.session.loginName = loginName;
  transport.session.userPublicKeyPem = key.data.userPubKey;
  transport.session.device = await generateRsaKeyPair();
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
  return { api, transport, accountId: profile.data.accountInfo.accountId, apiKey: login.data.apiKey };
}

/** A client without a session (public calls). */
export function anonymousApi(baseUrl: string) {
  return createApiClient(new JsonNodeTransport(baseUrl));
}
