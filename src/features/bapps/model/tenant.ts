// The tenant a business app opens for: where the directory has several tenants the user chooses one (their own by
// default) and the app receives it as the `tenantId` query parameter of its address.
import type { Tenant } from '@generated/types/index';

/** The app's address with the chosen tenant; unchanged without one or when the address is not a web address. */
export function appUrl(url: string, tenantId: string | null): string {
  if (!tenantId) return url;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return url;
    parsed.searchParams.set('tenantId', tenantId);
    return parsed.toString();
  } catch {
    return url;
  }
}

/** The chosen tenant if still listed, else my own, else none. */
export function currentTenant(tenants: readonly Tenant[], chosen: string | null, mine: string | undefined): string | null {
  if (chosen && tenants.some((tenant) => tenant.tenantId === chosen)) return chosen;
  if (mine && tenants.some((tenant) => tenant.tenantId === mine)) return mine;
  return tenants[0]?.tenantId ?? null;
}

export const tenantLabel = (tenant: Tenant): string => tenant.fullnameDisplay || tenant.fullname || tenant.shortName || tenant.tenantId;
