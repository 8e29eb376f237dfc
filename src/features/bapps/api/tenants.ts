// The tenants business apps may open for (tenant/gettenants) and the user's choice, kept in this browser per account.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getTenantsQuery } from '@generated/api/account';
import { IS_ALLOW_TENANT_SELECTION } from '@variant/flags';
import { chatServices } from '../../../core/session/services.ts';
import { useProfile } from '../../../core/session/profile.ts';
import { currentTenant } from '../model/tenant.ts';

const storageKey = (accountId: string) => `chatgen.bappTenant.${accountId}`;

function stored(accountId: string): string | null {
  try {
    return localStorage.getItem(storageKey(accountId));
  } catch {
    return null;
  }
}

export function useAppTenant() {
  const { transport, accountId } = chatServices();
  const tenants = useQuery({ ...getTenantsQuery(transport, {}), select: (data) => data.tenants });
  const mine = useProfile().data?.tenantInfo?.tenantId;
  // A variant without tenant selection opens the apps for the user's own tenant, whatever an earlier build stored.
  const [chosen, setChosen] = useState<string | null>(() => (IS_ALLOW_TENANT_SELECTION ? stored(accountId) : null));
  const list = tenants.data ?? [];
  const choose = (tenantId: string) => {
    setChosen(tenantId);
    try {
      localStorage.setItem(storageKey(accountId), tenantId);
    } catch {
      // Storage refused (private mode): the choice lasts for this page only.
    }
  };
  return { tenants: list, tenantId: currentTenant(list, chosen, mine), choose, selectable: IS_ALLOW_TENANT_SELECTION && list.length > 1 };
}
