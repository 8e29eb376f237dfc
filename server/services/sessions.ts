// Resolves an Api-Key header to its login session; sessions slide forward while they are used.
import type { ServerContext } from '../context.ts';
import type { AuthenticatedSession } from '../http/types.ts';

/** Touch a session at most this often, so every call does not write. */
const TOUCH_INTERVAL_MS = 60_000;

export function sessionExpiry(ctx: Pick<ServerContext, 'config'>, from: Date): Date {
  return new Date(from.getTime() + ctx.config.sessionMaxIdleHours * 3_600_000);
}

export function createSessionAuthenticator(ctx: ServerContext) {
  return async (apiKey: string): Promise<AuthenticatedSession | null> => {
    const now = ctx.now();
    const found = await ctx.repos.sessions.findActiveWithAccount(apiKey, now);
    if (!found) return null;
    const { session } = found;
    if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      await ctx.repos.sessions.touch(session.id, now, sessionExpiry(ctx, now));
    }
    return {
      sessionId: session.id,
      accountId: session.accountId,
      loginName: found.loginName,
      deviceId: session.deviceId,
      devicePublicKeyPem: session.devicePubKeyPem,
      roles: found.functionRoles,
    };
  };
}
