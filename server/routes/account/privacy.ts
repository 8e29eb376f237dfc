// Privacy settings and presence: getaccountprivacy, the five updates, checkaccountonlinestatus.
import type { ServerContext } from '../../context.ts';
import type { HandlerMap } from '../../http/handler-types.ts';
import { parseIds } from '../../http/wire-ids.ts';
import { onlineStatuses, presenceVisibilityChanged } from '../../services/account/presence.ts';
import { selfOf } from '../../services/account/profile.ts';
import type { PrivacySettings } from '../../store/repos/accounts.ts';

export function privacyHandlers(ctx: ServerContext) {
  const update = async (accountId: number, change: Partial<PrivacySettings>) => {
    await ctx.repos.accounts.updatePrivacy(accountId, change);
    return {};
  };
  return {
    getAccountPrivacy: async ({ session }) => ({ ...(await selfOf(ctx, session)).privacy }),
    updateAccountPrivacyReadReceipt: async ({ session, body }) => update(session.accountId, { readReceipt: body.readReceipt }),
    updateAccountPrivacyViewPresence: async ({ session, body }) => {
      await update(session.accountId, { viewPresence: body.viewPresence });
      // Whoever sees me learns at once what they may now see of my presence.
      await presenceVisibilityChanged(ctx, await selfOf(ctx, session));
      return {};
    },
    updateAccountPrivacyViewProfile: async ({ session, body }) => update(session.accountId, { viewProfile: body.viewProfile }),
    updateAccountPrivacyIsShowNameToGrpAcc: async ({ session, body }) => update(session.accountId, { isShowNameToGrpAcc: body.isShowNameToGrpAcc }),
    updateAccountPrivacyIsShowNotiAtMention: async ({ session, body }) => update(session.accountId, { isShowNotiAtMention: body.isShowNotiAtMention }),
    checkAccountOnlineStatus: async ({ session, body }) => ({
      onlineStatuses: await onlineStatuses(ctx, session.accountId, await ctx.repos.accounts.listByIds(parseIds(body.accountIds, 'accountIds'))),
    }),
  } satisfies HandlerMap;
}
