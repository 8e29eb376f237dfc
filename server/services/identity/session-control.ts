// Ending sessions: logout, logout of the other sessions, password changes, disable and remote wipe. The store
// is updated first (the api keys and the login tokens, OTPs and QR grants stop working at once), then the
// account topic hears the reason, then the sockets of the ended sessions are closed (docs/protocol.md: the
// notification comes before the close). docs/security.md, finding 3.
import type { ServerContext } from '../../context.ts';

export function createSessionControl(ctx: ServerContext) {
  const kickAll = (sessionIds: readonly string[], message: string) => {
    for (const sessionId of sessionIds) ctx.kick({ sessionId }, message);
  };

  return {
    /** Ends the session and revokes the tokens it asked for. */
    async logout(sessionId: string): Promise<void> {
      await ctx.repos.sessions.logout(sessionId, 'LOGOUT');
      await ctx.repos.tokens.revokeIssuedBy([sessionId]);
      ctx.kick({ sessionId }, 'Logged out');
    },

    /**
     * Ends every other session of the account; the caller's own stays (keepApiKeyHash lets its clients tell).
     * Every live token of the account is revoked, the caller's included: one may have leaked to the others.
     */
    async logoutOthers(accountId: number, keepSessionId: string, keepApiKeyHash: string | undefined): Promise<string[]> {
      const ended = await ctx.repos.sessions.logoutOthers(accountId, keepSessionId, 'LOGOUT_OTHER_SESSION');
      await ctx.repos.tokens.revokeForAccount(accountId);
      if (ended.length > 0) {
        await ctx.notifier.toAccountTopics([accountId], {
          notifyType: 'FORCE_LOGOUT',
          senderId: String(accountId),
          dataId: keepSessionId,
          data: { reason: 'LOGOUT_OTHER_SESSION', keepApiKeyHash: keepApiKeyHash ?? '' },
        });
      }
      kickAll(ended, 'Logged out by another session');
      return ended;
    },

    /** After a password change: every session but `keepSessionId` (none for the public password change) ends. */
    async passwordChanged(accountId: number, keepSessionId: string | null): Promise<void> {
      const ended = await ctx.repos.sessions.logoutOthers(accountId, keepSessionId, 'PASSWORD_UPDATED');
      await ctx.repos.tokens.revokeForAccount(accountId);
      await ctx.notifier.toAccountTopics([accountId], {
        notifyType: 'PASSWORD_UPDATED',
        senderId: String(accountId),
        dataId: String(accountId),
      });
      kickAll(ended, 'Password updated');
    },

    /** Disables the account: no login, every session ended, every token revoked, its sockets closed. */
    async disableAccount(accountId: number): Promise<void> {
      await ctx.repos.accounts.setDisabled(accountId, true);
      const ended = await ctx.repos.sessions.logoutOthers(accountId, null, 'ACCOUNT_DISABLED');
      await ctx.repos.tokens.revokeForAccount(accountId);
      await ctx.notifier.toAccountTopics([accountId], {
        notifyType: 'FORCE_LOGOUT',
        senderId: String(accountId),
        dataId: String(accountId),
        data: { reason: 'ACCOUNT_DISABLED' },
      });
      kickAll(ended, 'Account disabled');
    },

    async remoteWipe(accountId: number, deviceId: string): Promise<string[]> {
      const ended = await ctx.repos.sessions.logoutDevice(accountId, deviceId, 'REMOTE_WIPE');
      // The wiped device may have asked for tokens another device has not used yet.
      await ctx.repos.tokens.revokeForAccount(accountId);
      await ctx.notifier.toAccountTopics([accountId], {
        notifyType: 'REMOTE_WIPE',
        senderId: String(accountId),
        dataId: deviceId,
        data: { deviceId },
      });
      kickAll(ended, 'Remote wipe');
      return ended;
    },
  };
}

export type SessionControl = ReturnType<typeof createSessionControl>;
