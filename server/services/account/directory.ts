// The account directory as the caller sees it: pages of accounts, accounts by id, the authorised ones among them,
// tenants, and the advanced search with its criteria.
import type { Account as WireAccount, AdvancedSearchRequest, SearchCriterion } from '../../../generated/types/index.ts';
import type { ServerContext } from '../../context.ts';
import { ApiError } from '../../http/api-error.ts';
import { parseId, parseIds } from '../../http/wire-ids.ts';
import type { AdvancedTextField } from '../../store/repos/accounts.ts';
import { accountToWire, viewerContext } from '../identity/account-view.ts';

/** Seed section 9: account list page 30. */
export const ACCOUNT_PAGE_SIZE = 30;
const MAX_PAGE_SIZE = 200;

export interface AccountPage {
  accounts: WireAccount[];
  stillHaveData: boolean;
}

export interface ListQuery {
  pageNo: number;
  pageSize: number;
  tenantId?: string;
  filterOfName?: string;
  accountIds?: readonly string[];
  withSelfAccount?: boolean;
}

export async function listAccounts(ctx: ServerContext, viewerId: number, query: ListQuery): Promise<AccountPage> {
  const pageSize = Math.min(query.pageSize || ACCOUNT_PAGE_SIZE, MAX_PAGE_SIZE);
  const page = await ctx.repos.accounts.list({
    tenantId: query.tenantId !== undefined ? parseId(query.tenantId, 'tenantId') : null,
    filterOfName: query.filterOfName?.trim() || null,
    accountIds: query.accountIds ? parseIds(query.accountIds, 'accountIds') : null,
    excludeAccountId: query.withSelfAccount ? null : viewerId,
    synonymsOf: viewerId,
    offset: (query.pageNo - 1) * pageSize,
    limit: pageSize,
  });
  const view = await viewerContext(ctx, viewerId);
  return { accounts: page.accounts.map((a) => accountToWire(a, view)), stillHaveData: page.stillHaveData };
}

export async function otherAccounts(ctx: ServerContext, viewerId: number, accountIds: readonly number[]): Promise<WireAccount[]> {
  const accounts = await ctx.repos.accounts.listByIds(accountIds);
  const view = await viewerContext(ctx, viewerId);
  return accounts.filter((a) => !a.disabled).map((a) => accountToWire(a, view));
}

/** The enabled IM users among `accountIds`, a page at a time. */
export async function authorisedAccounts(ctx: ServerContext, viewerId: number, accountIds: readonly number[], pageNo = 1, size = ACCOUNT_PAGE_SIZE): Promise<AccountPage> {
  const authorised = (await ctx.repos.accounts.listByIds(accountIds)).filter((a) => !a.disabled && a.functionRoles.includes('IM_USER'));
  const pageSize = Math.min(size, MAX_PAGE_SIZE);
  const start = (pageNo - 1) * pageSize;
  const view = await viewerContext(ctx, viewerId);
  return { accounts: authorised.slice(start, start + pageSize).map((a) => accountToWire(a, view)), stillHaveData: authorised.length > start + pageSize };
}

const TEXT_FIELDS: ReadonlySet<string> = new Set<AdvancedTextField>(['userFullname', 'loginName', 'postTitle', 'officeAddr', 'emailAddr', 'telNo']);

export async function advancedSearchCriteria(ctx: ServerContext): Promise<SearchCriterion[]> {
  const tenants = await ctx.repos.tenants.list();
  const label = (en: string, tw: string, cn: string) => ({ en_US: en, zh_TW: tw, zh_CN: cn });
  return [
    { fieldName: 'userFullname', display: label('Name', '姓名', '姓名'), type: 'TEXT', seq: 1, isAllowMultiSelect: false },
    { fieldName: 'loginName', display: label('Login Name', '登入名稱', '登录名称'), type: 'TEXT', seq: 2, isAllowMultiSelect: false },
    { fieldName: 'postTitle', display: label('Post Title', '職位', '职位'), type: 'TEXT', seq: 3, isAllowMultiSelect: false },
    { fieldName: 'officeAddr', display: label('Office Address', '辦公地址', '办公地址'), type: 'TEXT', seq: 4, isAllowMultiSelect: false },
    { fieldName: 'emailAddr', display: label('Email', '電郵', '电邮'), type: 'TEXT', seq: 5, isAllowMultiSelect: false },
    { fieldName: 'telNo', display: label('Tel', '電話', '电话'), type: 'TEXT', seq: 6, isAllowMultiSelect: false },
    {
      fieldName: 'tenantId',
      display: label('Department Name', '部門名稱', '部门名称'),
      type: 'SELECT',
      seq: 7,
      isAllowMultiSelect: true,
      options: tenants.map((t) => {
        const name = t.fullnameDisplay ?? t.fullname;
        return { value: String(t.id), display: label(name, name, name) };
      }),
    },
  ];
}

export async function advancedSearch(ctx: ServerContext, viewerId: number, body: Pick<AdvancedSearchRequest, 'roomId' | 'searchCriteria' | 'pageInfo'>): Promise<AccountPage> {
  const text: Partial<Record<AdvancedTextField, string[]>> = {};
  let tenantIds: number[] | null = null;
  for (const criterion of body.searchCriteria) {
    const values = criterion.values.map((v) => v.trim()).filter((v) => v !== '');
    if (criterion.fieldName === 'tenantId') tenantIds = [...(tenantIds ?? []), ...parseIds(values, 'tenantId')];
    else if (TEXT_FIELDS.has(criterion.fieldName)) text[criterion.fieldName as AdvancedTextField] = values;
    else throw new ApiError('INVALID_INPUT', `unknown search field ${criterion.fieldName}`);
  }
  // Searching to add people to a room leaves out those already in it.
  const exclude = [viewerId];
  if (body.roomId !== undefined) {
    const roomId = parseId(body.roomId, 'roomId');
    if (await ctx.repos.members.isActiveMember(roomId, viewerId)) exclude.push(...(await ctx.repos.members.activeAccountIds(roomId)));
  }
  // Pages as getaccountlist's: 30 by default, the page number from 1.
  const limit = body.pageInfo?.pageSize ?? ACCOUNT_PAGE_SIZE;
  const offset = ((body.pageInfo?.pageNo ?? 1) - 1) * limit;
  const page = await ctx.repos.accounts.advancedSearch({ text, tenantIds, excludeAccountIds: exclude, synonymsOf: viewerId, limit, offset });
  const view = await viewerContext(ctx, viewerId);
  return { accounts: page.accounts.map((a) => accountToWire(a, view)), stillHaveData: page.stillHaveData };
}
