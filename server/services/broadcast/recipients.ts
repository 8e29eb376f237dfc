// Who a broadcast reaches. Each selection of the payload is allowed by the delegate's
// allowedBroadcastSelectionType: ALL allows every selection (and all active members); DL only
// distribution lists; HKP_AK_GROUP only directory groups. Group and switch entries are group-list
// identifiers (grouplist/searchgrouplist), resolved among the types the delegate may address.
import { normaliseLoginName } from '../../identity/login-name.ts';
import type * as T from '../../../generated/types/index.ts';
import type { ServerContext } from '../../context.ts';
import { ApiError } from '../../http/api-error.ts';
import type { Queryable } from '../../store/db.ts';
import { groupTypesAllowed, type Delegate } from '../directory/delegates.ts';
import { groupLists, type GroupType } from '../../store/repos/group-lists.ts';

const ALL_GROUP_TYPES: GroupType[] = ['DL', 'HKP_AK_GROUP'];

function refuse(selection: string, delegate: Delegate): never {
  throw new ApiError('FORBIDDEN', `${selection} needs broadcast rights ALL; the delegate has ${delegate.allowedBroadcastSelectionType}`);
}

/** Login names of a group entry among the allowed types; refuses entries of other types and unknown ones. */
async function groupMembers(q: Queryable, delegate: Delegate, identifier: string, allowed: readonly GroupType[]): Promise<string[]> {
  const groups = groupLists(q);
  for (const type of allowed) {
    if (await groups.exists(type, identifier)) return groups.memberLoginNames(type, identifier);
  }
  for (const type of ALL_GROUP_TYPES.filter((t) => !allowed.includes(t))) {
    if (await groups.exists(type, identifier)) {
      throw new ApiError('FORBIDDEN', `${type} groups are outside the delegate's rights (${delegate.allowedBroadcastSelectionType})`);
    }
  }
  throw new ApiError('INVALID_INPUT', `no group ${identifier}`);
}

/**
 * The recipients' account ids (without the sender and the delegate). Accounts named explicitly
 * (memberIds, loginNames) must exist and be active (ACCOUNTS_UNABLE_TO_ADD otherwise); people a list or
 * group names who have no chat account yet are skipped.
 */
export async function resolveRecipients(
  ctx: Pick<ServerContext, 'db' | 'repos'>,
  delegate: Delegate,
  tenantId: number,
  body: T.BroadcastPayload,
  excluded: readonly number[],
): Promise<number[]> {
  const rights = delegate.allowedBroadcastSelectionType;
  const q = ctx.db;
  const ids = new Set<number>();
  const explicitIds = body.memberIds ?? [];
  const explicitNames = body.loginNames ?? [];
  if (rights !== 'ALL') {
    if (body.isAllActiveMembers) refuse('isAllActiveMembers', delegate);
    if (explicitIds.length > 0) refuse('memberIds', delegate);
    if (explicitNames.length > 0) refuse('loginNames', delegate);
  }
  if ((body.distinguishednames ?? []).length > 0 && rights === 'HKP_AK_GROUP') {
    throw new ApiError('FORBIDDEN', 'distribution lists are outside the delegate rights (HKP_AK_GROUP)');
  }

  const unable: string[] = [];
  if (explicitIds.length > 0) {
    const wanted = explicitIds.map((id) => (/^[1-9]\d{0,15}$/.test(id) ? Number(id) : NaN));
    const found = await ctx.repos.accounts.listByIds(wanted.filter(Number.isSafeInteger));
    const usable = new Set(found.filter((a) => !a.disabled && a.functionRoles.includes('IM_USER')).map((a) => a.id));
    explicitIds.forEach((wire, i) => (usable.has(wanted[i] ?? NaN) ? ids.add(wanted[i] as number) : unable.push(wire)));
  }
  if (explicitNames.length > 0) {
    const byName = await ctx.repos.accounts.activeChatIdsByLoginNames(explicitNames);
    for (const name of explicitNames) {
      const id = byName.get(normaliseLoginName(name));
      if (id === undefined) unable.push(name);
      else ids.add(id);
    }
  }
  if (unable.length > 0) throw new ApiError('ACCOUNTS_UNABLE_TO_ADD', unable.join(', '));

  const names: string[] = [];
  for (const dn of body.distinguishednames ?? []) names.push(...(await groupMembers(q, delegate, dn, ['DL'])));
  const allowed = groupTypesAllowed(rights);
  for (const identifier of [...(body.groupList ?? []), ...(body.switchList ?? [])]) {
    names.push(...(await groupMembers(q, delegate, identifier, allowed)));
  }
  for (const id of (await ctx.repos.accounts.activeChatIdsByLoginNames([...new Set(names)])).values()) ids.add(id);
  if (body.isAllActiveMembers) for (const id of await ctx.repos.accounts.activeChatIdsOfTenant(tenantId)) ids.add(id);

  for (const id of excluded) ids.delete(id);
  return [...ids].sort((a, b) => a - b);
}
