// Store accounts → the wire's Account entity (ids as strings, times in epoch ms, absent instead of null),
// seen by one viewer: whether the account is the viewer's favourite, and the viewer's synonym for it.
import { isEnumValue, LangIdValues } from '../../../generated/types/enums.ts';
import type { Account as WireAccount, Tenant as WireTenant } from '../../../generated/types/index.ts';
import type { ServerContext } from '../../context.ts';
import type { Account } from '../../store/repos/accounts.ts';
import type { Tenant } from '../../store/repos/tenants.ts';


export function tenantToWire(tenant: Tenant): WireTenant {
  return {
    tenantId: String(tenant.id),
    fullname: tenant.fullname,
    ...(tenant.fullnameDisplay !== null ? { fullnameDisplay: tenant.fullnameDisplay } : {}),
    shortName: tenant.shortName,
  };
}

export function isDndActive(account: Account, now: Date): boolean {
  if (account.dnd.dnd === null) return false;
  return account.dnd.dndEndDate === null || account.dnd.dndEndDate.getTime() > now.getTime();
}

export interface ViewerContext {
  tenants: Map<number, Tenant>;
  favourites: Set<number>;
  synonyms: Map<number, string>;
  now: Date;
}

export function accountToWire(account: Account, viewer: ViewerContext): WireAccount {
  const optional = <K extends string>(key: K, value: string | null) => (value !== null ? { [key]: value } : {});
  const tenant = viewer.tenants.get(account.tenantId);
  const dnd = isDndActive(account, viewer.now);
  return {
    accountId: String(account.id),
    loginName: account.loginName,
    userFullname: account.userFullname,
    ...optional('emailAddr', account.emailAddr),
    ...optional('faxNo', account.faxNo),
    ...optional('telNo', account.telNo),
    ...optional('officeAddr', account.officeAddr),
    ...optional('postTitle', account.postTitle),
    ...optional('accountObjectClass', account.accountObjectClass),
    ...optional('customDisplayName', account.customDisplayName),
    ...optional('searchName', account.searchName),
    ...(isEnumValue(LangIdValues, account.langId) ? { langId: account.langId } : {}),
    ...(tenant ? { tenantFullname: tenant.fullnameDisplay ?? tenant.fullname } : {}),
    isFavourite: viewer.favourites.has(account.id),
    isLocal: account.isLocal,
    dnd,
    ...(dnd && account.dnd.dndEndDate ? { dndEndDate: account.dnd.dndEndDate.getTime() } : {}),
    ...optional('synonym', viewer.synonyms.get(account.id) ?? null),
  };
}

/** Loads what accountToWire needs for one viewer. */
export async function viewerContext(ctx: ServerContext, viewerId: number): Promise<ViewerContext> {
  const [tenants, favourites, synonyms] = await Promise.all([
    ctx.repos.tenants.list(),
    ctx.repos.accounts.listFavouriteIds(viewerId),
    ctx.repos.accounts.listSynonyms(viewerId),
  ]);
  return {
    tenants: new Map(tenants.map((t) => [t.id, t])),
    favourites: new Set(favourites),
    synonyms: new Map(synonyms.map((s) => [s.synAccountId, s.synonym])),
    now: ctx.now(),
  };
}
