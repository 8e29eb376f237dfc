// My profile: getaccountprofile's answer, the names I choose (display name, search name, synonyms for others) and the
// directory fields a local account edits; every change reaches the account's audience (USER_PROFILE_UPDATE).
import type { AccountProfileAttribute, AccountProfileEditType, GetAccountProfileResponse, RoomPolicyKey } from '../../../generated/types/index.ts';
import { isEnumValue, RoomPolicyKeyValues } from '../../../generated/types/enums.ts';
import type { ServerContext } from '../../context.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AuthenticatedSession } from '../../http/types.ts';
import type { Account, ProfileField } from '../../store/repos/accounts.ts';
import { accountToWire, tenantToWire, viewerContext } from '../identity/account-view.ts';
import { audienceOf } from './privacy.ts';

/** updateaccountprofile carries every field in one `value`, so its validator cannot hold these limits (updateCustomDisplayName's and updateSearchName's do). */
const DISPLAY_NAME_MAX = 30;
const SEARCH_NAME_MAX = 25;
/** Longest accepted value of a directory field. */
const PROFILE_VALUE_MAX = 256;

/** updateaccountprofile types that change a directory field (local accounts only). */
const DIRECTORY_FIELDS: Partial<Record<AccountProfileEditType, ProfileField>> = {
  NAME: 'userFullname',
  EMAIL: 'emailAddr',
  FAX: 'faxNo',
  TEL: 'telNo',
  OFFICE_ADDRESS: 'officeAddr',
  POST_TITLE: 'postTitle',
  OBJECT_CLASS: 'accountObjectClass',
};

/** The caller's account; a session whose account is gone has expired. */
export async function selfOf(ctx: Pick<ServerContext, 'repos'>, session: AuthenticatedSession): Promise<Account> {
  const account = await ctx.repos.accounts.findById(session.accountId);
  if (!account) throw new ApiError('SESSION_EXPIRED');
  return account;
}

/** The profile page's fields in display order, and whether this account may edit each. */
function profileAttributes(account: Account): AccountProfileAttribute[] {
  const order: [AccountProfileEditType, string][] = [
    ['DISPLAY_NAME', 'customDisplayName'],
    ['SEARCH_NAME', 'searchName'],
    ['NAME', 'userFullname'],
    ['LOGIN_NAME', 'loginName'],
    ['EMAIL', 'emailAddr'],
    ['TEL', 'telNo'],
    ['FAX', 'faxNo'],
    ['OFFICE_ADDRESS', 'officeAddr'],
    ['POST_TITLE', 'postTitle'],
    ['TENANT', 'tenantFullname'],
  ];
  return order.map(([type, field], i) => ({
    type,
    field,
    isEditable: type === 'DISPLAY_NAME' || type === 'SEARCH_NAME' || (account.isLocal && DIRECTORY_FIELDS[type] !== undefined),
    seq: i + 1,
  }));
}

export async function profileOf(ctx: ServerContext, session: AuthenticatedSession): Promise<Omit<GetAccountProfileResponse, 'status'>> {
  const account = await selfOf(ctx, session);
  const [view, tenant, logins, defaults] = await Promise.all([
    viewerContext(ctx, account.id),
    ctx.repos.tenants.findById(account.tenantId),
    ctx.repos.sessions.recentLogins(account.id, 2),
    ctx.repos.policies.listDefaults(),
  ]);
  // The last login before this session, or this one when it is the first.
  const previous = logins.find((s) => s.id !== session.sessionId) ?? logins[0];
  const deviceType = previous?.deviceInfo.deviceType;
  const allowed = new Set<RoomPolicyKey>();
  for (const policy of defaults) if (policy.allowEdit && isEnumValue(RoomPolicyKeyValues, policy.attr)) allowed.add(policy.attr);
  return {
    accountInfo: accountToWire(account, view),
    functionRoleTypes: account.functionRoles,
    ...(tenant ? { tenantInfo: tenantToWire(tenant) } : {}),
    dlAttach: account.dlAttach,
    logInfo: {
      ...(previous ? { lastLoginTime: previous.createdAt.getTime() } : {}),
      ...(typeof deviceType === 'string' ? { lastLoginDeviceType: deviceType } : {}),
    },
    housekeepTimestamp: ctx.now().getTime(),
    allowedRoomPolicies: [...allowed],
    accountProfileAttribute: profileAttributes(account),
  };
}

/**
 * A name the caller types, trimmed: blank or longer than `max` is the seed's 'Please check the name length'. The
 * calls that name the field have the validators check the maximum (NAME_LENGTH too, `x-error` in the schema).
 */
export function checkedName(value: string, max = Number.POSITIVE_INFINITY): string {
  const name = value.trim();
  if (name.length === 0 || [...name].length > max) throw new ApiError('NAME_LENGTH', `1 to ${max} characters`);
  return name;
}

/** Tells the account's audience what others now see of it (names, post title, do-not-disturb). */
export async function profileChanged(ctx: ServerContext, account: Account | null): Promise<void> {
  if (!account) return;
  const view = await viewerContext(ctx, account.id);
  await ctx.notifier.toAccounts(await audienceOf(ctx, account.id), {
    notifyType: 'USER_PROFILE_UPDATE',
    senderId: String(account.id),
    dataId: String(account.id),
    data: { ...accountToWire(account, { ...view, favourites: new Set(), synonyms: new Map() }) },
  });
}

export async function setDisplayName(ctx: ServerContext, accountId: number, value: string, max?: number): Promise<void> {
  await profileChanged(ctx, await ctx.repos.accounts.setCustomDisplayName(accountId, checkedName(value, max)));
}

export async function setSearchName(ctx: ServerContext, accountId: number, value: string, max?: number): Promise<void> {
  await profileChanged(ctx, await ctx.repos.accounts.setSearchName(accountId, checkedName(value, max)));
}

/** updateaccountprofile: one field by its edit type. */
export async function updateProfile(ctx: ServerContext, session: AuthenticatedSession, type: AccountProfileEditType, rawValue: string): Promise<void> {
  if (type === 'DISPLAY_NAME') return setDisplayName(ctx, session.accountId, rawValue, DISPLAY_NAME_MAX);
  if (type === 'SEARCH_NAME') return setSearchName(ctx, session.accountId, rawValue, SEARCH_NAME_MAX);
  const account = await selfOf(ctx, session);
  const field = DIRECTORY_FIELDS[type];
  // Login name and tenant never change here; directory-sourced accounts keep the directory's data.
  if (!field || !account.isLocal) throw new ApiError('FORBIDDEN', `${type} cannot be changed`);
  const value = rawValue.trim();
  if (value.length > PROFILE_VALUE_MAX) throw new ApiError('INVALID_INPUT', `at most ${PROFILE_VALUE_MAX} characters`);
  if (field === 'userFullname' && value.length === 0) throw new ApiError('VALIDATE_INFORMATION', 'the name is required');
  if (field === 'emailAddr' && value !== '' && !/^[^\s@]+@[^\s@]+$/.test(value)) throw new ApiError('INVALID_INPUT', 'not an e-mail address');
  await profileChanged(ctx, await ctx.repos.accounts.updateProfileField(account.id, field, value === '' ? null : value));
}

/** The enabled accounts among `ids`. */
export async function existingAccountIds(ctx: Pick<ServerContext, 'repos'>, ids: readonly number[]): Promise<number[]> {
  const found = await ctx.repos.accounts.listByIds(ids);
  return found.filter((a) => !a.disabled).map((a) => a.id);
}

/** getaccountsynonyms: my names for other accounts, for the enabled accounts only. */
export async function synonymsOf(ctx: ServerContext, accountId: number): Promise<{ synAccountId: string; synonym: string }[]> {
  const synonyms = await ctx.repos.accounts.listSynonyms(accountId);
  const enabled = new Set(await existingAccountIds(ctx, synonyms.map((entry) => entry.synAccountId)));
  return synonyms.filter((entry) => enabled.has(entry.synAccountId)).map((entry) => ({ synAccountId: String(entry.synAccountId), synonym: entry.synonym }));
}

/** updateaccountsynonym: my own name for another account. */
export async function setSynonym(ctx: ServerContext, accountId: number, target: number, value: string): Promise<void> {
  const synonym = checkedName(value);
  if ((await existingAccountIds(ctx, [target])).length === 0) throw new ApiError('NOT_FOUND', 'no such account');
  await ctx.repos.accounts.setSynonym(accountId, target, synonym);
}
