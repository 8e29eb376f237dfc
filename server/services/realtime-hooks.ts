// The server's decisions for the STOMP endpoints: who connects, what they may subscribe to, and what a
// client SEND does (typing/online/offline relays, health-check echo, log-out-other-sessions).
import { parseDestination, parseSend, qrTokenTopic, roomTopic, type HealthCheckNotification } from '../../generated/realtime/index.ts';
import { sendValidators } from '../../generated/realtime/validators.js';
import type { ServerContext } from '../context.ts';
import { membershipAuthoriser } from '../realtime/authorise.ts';
import type { Authenticate, AuthoriseLogin, OnClientSend, OnLoginSubscribed } from '../realtime/session.ts';
import { QR_TOKEN_TTL_SECONDS, qrTokenFor } from './identity/qr-token.ts';
import { createSessionAuthenticator } from './sessions.ts';
import { createSessionControl } from './identity/session-control.ts';
import { hashApiKey } from '../store/repos/sessions.ts';
import { CONNECT_PROOF_TARGET, DEVICE_PROOF_STOMP_HEADER, type DeviceProofVerifier } from '../crypto/device-proof.ts';
import { relaysPresence } from './account/presence.ts';

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return null;
  }
}

/** `deviceProofs` null: the server accepts the Api-Key alone (ACCEPT_API_KEY_ALONE). */
export function createRealtimeHooks(ctx: ServerContext, deviceProofs: DeviceProofVerifier | null) {
  const authenticateSession = createSessionAuthenticator(ctx);
  const sessionControl = createSessionControl(ctx);

  const authenticate: Authenticate = async (apiKey, connectHeaders) => {
    const session = await authenticateSession(apiKey);
    if (!session) return null;
    if (deviceProofs) {
      const verdict = deviceProofs.verify({
        ...CONNECT_PROOF_TARGET,
        body: '',
        header: connectHeaders[DEVICE_PROOF_STOMP_HEADER],
        devicePublicKeyPem: session.devicePublicKeyPem,
      });
      if (verdict !== 'ok') return null;
    }
    return { accountId: String(session.accountId), loginName: session.loginName, sessionId: session.sessionId, apiKeyHash: hashApiKey(apiKey) };
  };

  const authorise = membershipAuthoriser({
    mqSysName: ctx.config.mqSysName,
    isRoomMember: (accountId, roomId) =>
      /^\d+$/.test(roomId) ? ctx.repos.members.isActiveMember(Number(roomId), Number(accountId)) : false,
  });

  // A QR token topic belongs to the login-socket connection that subscribed to it first (the page that shows the
  // code): whoever else learns the token (a photo of the screen) cannot listen for its one-time code.
  const authoriseLogin: AuthoriseLogin = async (session, destination) => {
    const parsed = parseDestination(destination);
    if (parsed?.name !== 'qrTokenTopic') return true;
    return ctx.repos.qrClaims.claim(parsed.token, session.connectionId);
  };

  // The page that now holds a QR token topic hears its token: how long to show it and how many refreshes are left.
  const onLoginSubscribed: OnLoginSubscribed = async (_session, destination, headers) => {
    const parsed = parseDestination(destination);
    if (parsed?.name !== 'qrTokenTopic') return;
    const qrToken = qrTokenFor(parsed.token, headers.count, ctx.config.qrTokenTtlSeconds ?? QR_TOKEN_TTL_SECONDS);
    await ctx.bus.publish(qrTokenTopic(parsed.token), JSON.stringify(qrToken), { 'content-type': 'application/json' });
  };

  // A SEND is one of the contract's sends with a body its definition accepts (schema/realtime.json), or refused.
  const onClientSend: OnClientSend = async (session, destination, body, _headers, connection) => {
    const accountId = Number(session.user.accountId);
    const send = parseSend(destination);
    const payload = parseJson(body);
    switch (send?.name) {
      case 'roomTopicMessage': {
        if (!sendValidators.roomTopicMessage(payload)) return false;
        // A connection subscribed to the room's topic proved membership at SUBSCRIBE, and a removal ends that
        // subscription at once (revocation): no query per frame. Without it the store decides.
        const proven = connection.subscribedTo(roomTopic(send.roomId));
        if (!proven && !(await ctx.repos.members.isActiveMember(Number(send.roomId), accountId))) return false;
        const { type } = payload;
        if (type === 'ONLINE' || type === 'OFFLINE') {
          await ctx.repos.accounts.touchLastOnline(accountId, ctx.now());
          // Accepted but not relayed when the sender hides their presence from some members.
          if (!(await relaysPresence(ctx, accountId))) return true;
        }
        // The room is the destination's and the sender the caller, whatever the body names.
        await ctx.notifier.topicMessage(send.roomId, { roomId: send.roomId, accountName: session.user.loginName, type });
        return true;
      }
      case 'healthCheckEcho': {
        if (!sendValidators.healthCheckEcho(payload)) return false;
        // The answer names the health check it answers by its dataId.
        const answer: HealthCheckNotification = {
          notifyType: 'HEALTH_CHECK',
          senderId: String(accountId),
          dataId: payload.dataId,
          data: { ts: ctx.now().getTime() },
        };
        await ctx.notifier.toAccounts([accountId], answer);
        return true;
      }
      case 'presenceSignal':
        if (!sendValidators.presenceSignal(payload)) return false;
        await ctx.repos.accounts.touchLastOnline(accountId, ctx.now());
        return true;
      case 'logoutOtherSessions': {
        if (!sendValidators.logoutOtherSessions(payload)) return false;
        // The same as the HTTP call: tokens revoked, FORCE_LOGOUT on the account topic, then the sockets closed.
        await sessionControl.logoutOthers(accountId, session.user.sessionId, session.user.apiKeyHash);
        return true;
      }
      default:
        return false;
    }
  };

  return { authenticate, authorise, authoriseLogin, onClientSend, onLoginSubscribed };
}
