// Sign-in for the rooms tests: the seed's login flow (tests/support/node-transport.ts signIn), with the
// application profile fetched as JSON. The shared helper posts '{}' without a JSON content type, which the
// dispatcher refuses ("must be object"); this keeps the rooms tests independent of that fix.
import { createApiClient } from '../../../generated/api/client.ts';
import { generateRsaKeyPair } from '../../../server/crypto/rsa.ts';
import { LoginError, NodeTransport, type EncryptionProfile, type SignedInClient } from '../../support/node-transport.ts';

class JsonProfileTransport extends NodeTransport {
  private cached: EncryptionProfile | null = null;

  override async loadProfile(): Promise<EncryptionProfile> {
    if (this.cached) return this.cached;
    const response = await fetch(`${this.baseUrl}/v3/chat/pub/application/getpublicapplicationprofile`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'Build-Version': '18', 'Device-Type': 'WEB', Platform: 'WEB', 'Push-Platform': 'WS' },
      body: '{}',
    });
    const body = (await response.json()) as EncryptionProfile & { status: string };
    if (body.status !== 'success') throw new Error(`profile unavailable: ${JSON.stringify(body)}`);
    this.cached = body;
    return body;
  }
}

export async function signIn(baseUrl: string, loginName: string, password: string): Promise<SignedInClient> {
  const transport = new JsonProfileTransport(baseUrl);
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
  return { api, transport, accountId: String(profile.data.accountInfo.accountId), apiKey: login.data.apiKey };
}
