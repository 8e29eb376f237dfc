// The server's decisions for the STOMP endpoints: who connects, what they may subscribe to, and what a
// client SEND does (typing/online/offline relays, health-check echo, log-out-other-sessions).
import { replyQueue } from '../../generated/realtime/index.ts';
import type { ServerContext } from '../context.ts';
import { membershipAuthoriser } from '../realtime/authorise.ts';
import { parseDestination } from '../realtime/destinations.ts';
import type { Authenticate, AuthoriseLogin, OnClientSend } from '../realtime/session.ts';
import { createSessionAuthenticator } from './sessions.ts';

const RELAYED_TOPIC_TYPES = new Set(['TYPING', 'ONLINE', 'OFFLINE', 'REFRESH', 'VOTE_MESSAGE', 'UNVOTE_MESSAGE']);

function parseJson(body: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(body);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function createRealtimeHooks(ctx: ServerContext) {
  const authenticateSession = createSessionAuthenticator(ctx);

  const authenticate: Authenticate = async (apiKey) => {
    const session = await authenticateSession(apiKey);
    if (!session) return null;
    return { accountId: String(session.accountId), loginName: session.loginName, sessionId: session.sessionId };
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
    if (parsed?.kind !== 'qrToken') return true;
    return ctx.repos.qrClaims.claim(parsed.token, session.connectionId);
  };

  const onClientSend: OnClientSend = async (session, destination, body) => {
    const accountId = Number(session.user.accountId);
    const parsed = parseDestination(destination);
    const payload = parseJson(body);
    if (parsed?.kind === 'room') {
      const type = typeof payload?.type === 'string' ? payload.type : '';
      if (!RELAYED_TOPIC_TYPES.has(type)) return false;
      if (!(await ctx.repos.members.isActiveMember(Number(parsed.roomId), accountId))) return false;
      if (type === 'ONLINE' || type === 'OFFLINE') await ctx.repos.accounts.touchLastOnline(accountId, ctx.now());
      await ctx.notifier.topicMessage(parsed.roomId, { roomId: parsed.roomId, accountName: session.user.loginName, type });
      return true;
    }
    switch (destination) {
      case '/app/healthcheck':
        await ctx.bus.publish(
          replyQueue(ctx.config.mqSysName, accountId),
          // HealthCheckEcho (schema/realtime.json): the echo names the health check it answers by its dataId.
          JSON.stringify({ notifyType: 'HEALTH_CHECK', senderId: String(accountId), dataId: typeof payload?.dataId === 'string' ? payload.dataId.slice(0, 128) : '' }),
        );
        return true;
      case '/app/presence': {
        await ctx.repos.accounts.touchLastOnline(accountId, ctx.now());
        return true;
      }
      case '/app/logoutothersessions': {
        const closed = await ctx.repos.sessions.logoutOthers(accountId, session.user.sessionId);
        // As the HTTP call does: the account's live login tokens and QR grants die too (docs/security.md).
        await ctx.repos.tokens.revokeForAccount(accountId);
        for (const sessionId of closed) ctx.kick({ sessionId }, 'Logged out by another session');
        return true;
      }
      default:
        return false;
    }
  };

  return { authenticate, authorise, authoriseLogin, onClientSend };
}
