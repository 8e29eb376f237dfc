// The directory: account lists, other accounts, authorised accounts, tenants, advanced search, favourites.
import type { ServerContext } from '../../context.ts';
import { ApiError } from '../../http/api-error.ts';
import type { HandlerMap } from '../../http/handler-types.ts';
import { parseIds } from '../../http/wire-ids.ts';
import { advancedSearch, advancedSearchCriteria, authorisedAccounts, listAccounts, otherAccounts } from '../../services/account/directory.ts';
import { existingAccountIds } from '../../services/account/profile.ts';
import { tenantToWire } from '../../services/identity/account-view.ts';

export function directoryHandlers(ctx: ServerContext) {
  return {
    getAccountList: async ({ session, body }) =>
      listAccounts(ctx, session.accountId, {
        pageNo: body.pageInfo.pageNo,
        pageSize: body.pageInfo.pageSize,
        ...(body.tenantId !== undefined ? { tenantId: body.tenantId } : {}),
        ...(body.filterOfName !== undefined ? { filterOfName: body.filterOfName } : {}),
        ...(body.accountIds !== undefined ? { accountIds: body.accountIds } : {}),
        ...(body.withSelfAccount !== undefined ? { withSelfAccount: body.withSelfAccount } : {}),
      }),
    getOtherAccountInfo: async ({ session, body }) => ({ accounts: await otherAccounts(ctx, session.accountId, parseIds(body.accountIds, 'accountIds')) }),
    verifyAuthorizedAccount: async ({ session, body }) =>
      authorisedAccounts(ctx, session.accountId, parseIds(body.accountIds, 'accountIds'), body.pageInfo?.pageNo, body.pageInfo?.pageSize),
    getTenants: async () => ({ tenants: (await ctx.repos.tenants.list()).map(tenantToWire) }),
    getAdvancedAccountSearchCriteria: async () => ({ searchCriteria: await advancedSearchCriteria(ctx) }),
    advancedSearch: async ({ session, body }) => advancedSearch(ctx, session.accountId, body),
    addAccountFavContact: async ({ session, body }) => {
      const ids = (await existingAccountIds(ctx, parseIds(body.accountIds, 'accountIds'))).filter((id) => id !== session.accountId);
      if (ids.length === 0) throw new ApiError('NOT_FOUND', 'no such account');
      await ctx.repos.accounts.addFavourites(session.accountId, ids);
      return {};
    },
    removeAccountFavContact: async ({ session, body }) => {
      await ctx.repos.accounts.removeFavourites(session.accountId, parseIds(body.accountIds, 'accountIds'));
      return {};
    },
  } satisfies HandlerMap;
}
