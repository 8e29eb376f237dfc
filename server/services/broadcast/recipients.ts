// Who a broadcast reaches. Each selection of the payload is allowed by the delegate's
// allowedBroadcastSelectionType: ALL allows every selection (and all active members); DL only
// distribution lists; HKP_AK_GROUP only directory groups. Group and switch entries are group-list
// identifiers (grouplist/searchgrouplist), resolved among the types the delegate may address.
import { normaliseLoginName } from '../../identity/login-name.ts';
import type * as T from '../../../generated/types/index.ts';
import type { ServerContext } from '../../context.ts';
import { ApiError } from '../../http/api-error.ts';
import type { Queryable } from '../../store/db.ts';
import { toId } from '../../store/repos/convert.ts';
import { groupTypesAllowed, type Delegate } from '../directory/delegates.ts';
import { groupLists, type GroupType } from '../directory/group-lists.ts';

const ALL_GROUP_TYPES: GroupType[] = ['DL', 'HKP_AK_GROUP'];

function refuse(selection: string, delegate: Delegate): never {
  throw new ApiError('FORBIDDEN', `${selection} needs broadcast rights ALL; the delegate has ${delegate.allowedBroadcastSelectionType}`);
}

/** Active chat accounts (not disabled, IM_USER) by normalised login name; unknown names are left out. */
async function accountIdsByLoginNames(q: Queryable, names: readonly string[]): Promise<Map<string, number>> {
  if (names.length === 0) return new Map();
  const { rows } = await q.query(
    `SELECT id, login_key AS name FROM accounts
     WHERE login_key = ANY($1::text[]) AND NOT disabled AND 'IM_USER' = ANY(function_roles)`,
    [names.map(normaliseLoginName)],
  );
  return new Map(rows.map((r) => [String(r.name), toId(r.id)]));
}

async function activeMembersOfTenant(q: Queryable, tenantId: number): Promise<number[]> {
  const { rows } = await q.query(
    `SELECT id FROM accounts WHERE tenant_id = $1 AND NOT disabled AND 'IM_USER' = ANY(function_roles) ORDER BY id`,
    [tenantId],
  );
  return rows.map((r) => toId(r.id));
}

/** Login names of a group entry among the allowed types; refuses entries of other types and unknown ones. */
async function groupMembers(q: Queryable, delegate: Delegate, identifier: string, allowed: readonly GroupType[]): Promise<string[]> {
  const groups = groupLists(q);
  for (const type of allowed) {
    if (await groupExists(q, type, identifier)) return groups.memberLoginNames(type, identifier);
  }
  for (const type of ALL_GROUP_TYPES.filter((t) => !allowed.includes(t))) {
    if (await groupExists(q, type, identifier)) {
      throw new ApiError('FORBIDDEN', `${type} groups are outside the delegate's rights (${delegate.allowedBroadcastSelectionType})`);
    }
  }
  throw new ApiError('INVALID_INPUT', `no group ${identifier}`);
}

async function groupExists(q: Queryable, type: GroupType, identifier: string): Promise<boolean> {
  const { rows } =
    type === 'DL'
      ? await q.query('SELECT 1 FROM distribution_lists WHERE lower(distinguished_name) = lower($1)', [identifier])
      : await q.query('SELECT 1 FROM directory_groups WHERE group_type = $1 AND identifier = $2', [type, identifier]);
  return rows.length > 0;
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
    const byName = await accountIdsByLoginNames(q, explicitNames);
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
  for (const id of (await accountIdsByLoginNames(q, [...new Set(names)])).values()) ids.add(id);
  if (body.isAllActiveMembers) for (const id of await activeMembersOfTenant(q, tenantId)) ids.add(id);

  for (const id of excluded) ids.delete(id);
  return [...ids].sort((a, b) => a - b);
}
