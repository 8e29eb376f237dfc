// The envelope rules of docs/protocol.md bound to the store: which user key opens a request, which device key
// seals a response.
import type { ServerContext } from '../context.ts';
import { devicePubKeyFromLoginPayload, openRequestEnvelopeAsync, sealResponseEnvelopeAsync } from '../crypto/envelope.ts';
import { sameLoginName } from '../identity/login-name.ts';
import { ApiError } from './api-error.ts';
import type { EnvelopeCodec } from './dispatch.ts';
import type { AuthenticatedSession } from './types.ts';

const listed = (set: ReadonlySet<string>, path: string) => set.has(path.replace(/^\//, ''));

function loginNameOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const value = (body as { loginName?: unknown }).loginName;
  return typeof value === 'string' ? value : null;
}

export function createEnvelopeCodec(ctx: Pick<ServerContext, 'userKeys' | 'replayGuard' | 'encryption'>): EnvelopeCodec {
  // An unknown login name opens with its decoy pair: the login then fails like a wrong password.
  const userKeyPairOf = (loginName: string) => ctx.userKeys.keyPairFor(loginName);
  // A secured call opens its request and seals its answer with the same pair: read it once per call (the
  // session object lives as long as the call).
  const pairsOfCall = new WeakMap<AuthenticatedSession, ReturnType<typeof userKeyPairOf>>();
  const pairFor = (loginName: string, session: AuthenticatedSession | null) => {
    if (!session) return userKeyPairOf(loginName);
    let pair = pairsOfCall.get(session);
    if (!pair) pairsOfCall.set(session, (pair = userKeyPairOf(loginName)));
    return pair;
  };

  return {
    isRequestEncrypted: (path) => listed(ctx.encryption.requestEncrypted, path),
    isResponseEncrypted: (path) => listed(ctx.encryption.responseEncrypted, path),

    async openRequest(wire, _route, session) {
      const loginName = loginNameOf(wire);
      if (!loginName) throw new ApiError('ENVELOPE_INVALID', 'an encrypted call needs loginName, key and body');
      if (session && !sameLoginName(session.loginName, loginName)) {
        throw new ApiError('ENVELOPE_INVALID', 'loginName does not match the session');
      }
      const pair = await pairFor(loginName, session);
      const deviceKey = session ? session.devicePublicKeyPem : devicePubKeyFromLoginPayload;
      // The private-key operations run off the event loop: other sockets are served meanwhile (issue 11).
      const opened = await openRequestEnvelopeAsync(wire, pair.privateKeyPem, deviceKey, ctx.encryption.defaultEncryptionAlgorithm);
      if (!opened.ok) throw new ApiError('ENVELOPE_INVALID', opened.error);
      // Only a verified envelope may spend a nonce, or anyone could burn the nonces of others.
      const verdict = await ctx.replayGuard.check(opened.ts, opened.nonce);
      if (verdict !== 'ok') throw new ApiError('ENVELOPE_REPLAYED', verdict);
      return opened.payload;
    },

    async sealResponse(body, _route, session: AuthenticatedSession | null, requestBody) {
      const loginName = session?.loginName ?? loginNameOf(requestBody);
      const devicePublicKeyPem = session?.devicePublicKeyPem ?? devicePubKeyFromLoginPayload(requestBody);
      if (!loginName || !devicePublicKeyPem) return null;
      const pair = await pairFor(loginName, session);
      return sealResponseEnvelopeAsync(body, pair.privateKeyPem, devicePublicKeyPem, ctx.encryption.defaultEncryptionAlgorithm);
    },
  };
}
