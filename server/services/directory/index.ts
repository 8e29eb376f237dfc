// The directory calls' logic: distribution lists, group lists (with delegate limits), do-not-disturb.
import type { ServerContext } from '../../context.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AuthenticatedSession } from '../../http/types.ts';
import { delegateOf, groupTypesAllowed, mayActFor } from './delegates.ts';
import { distributionLists } from '../../store/repos/distribution-lists.ts';
import { groupLists, type GroupListEntry, type GroupListType, type GroupType } from '../../store/repos/group-lists.ts';

type Ctx = Pick<ServerContext, 'db' | 'repos'>;

export async function tenantOf(ctx: Pick<ServerContext, 'repos'>, accountId: number): Promise<number> {
  const account = await ctx.repos.accounts.findById(accountId);
  if (!account) throw new ApiError('SESSION_EXPIRED');
  return account.tenantId;
}

export async function searchDistributionListNames(ctx: Ctx, caller: AuthenticatedSession, criteria: string) {
  const lists = await distributionLists(ctx.db).search(await tenantOf(ctx, caller.accountId), criteria);
  return lists.map((l) => ({ cn: l.cn, distinguishedname: l.distinguishedName }));
}

/** Members of the list named by distinguished name (or exact cn); an unknown list has no members. */
export async function searchDistributionListMembers(ctx: Ctx, caller: AuthenticatedSession, name: string) {
  const store = distributionLists(ctx.db);
  const list = await store.findByName(await tenantOf(ctx, caller.accountId), name);
  if (!list) return [];
  return (await store.memberNames(list.id)).map((samaccountname) => ({ samaccountname }));
}

const ALL_GROUP_TYPES: GroupType[] = ['DL', 'HKP_AK_GROUP'];

/**
 * grouplist/searchgrouplist. With delegateMemberId the caller must be that delegate or act for it, and
 * only the group types its allowedBroadcastSelectionType permits are searched (a specific type outside
 * them is FORBIDDEN). asc defaults to true.
 */
export async function searchGroupList(
  ctx: Ctx,
  caller: AuthenticatedSession,
  body: { type: GroupListType; searchCriteria?: string; delegateMemberId?: string; asc?: boolean },
): Promise<GroupListEntry[]> {
  let types: GroupType[] = body.type === 'ALL' ? ALL_GROUP_TYPES : [body.type];
  if (body.delegateMemberId !== undefined) {
    const delegate = await delegateOf(ctx, body.delegateMemberId);
    if (!delegate || !mayActFor(caller.accountId, delegate)) throw new ApiError('FORBIDDEN', 'not a delegate of yours');
    const allowed = groupTypesAllowed(delegate.allowedBroadcastSelectionType);
    if (body.type !== 'ALL' && !allowed.includes(body.type)) throw new ApiError('FORBIDDEN', `the delegate may not address ${body.type}`);
    types = types.filter((t) => allowed.includes(t));
  }
  return groupLists(ctx.db).search({
    tenantId: await tenantOf(ctx, caller.accountId),
    types,
    criteria: body.searchCriteria ?? '',
    asc: body.asc ?? true,
  });
}
