// My names for other people (the client config's `isSupportAccountSynonym`): the list (getaccountsynonyms, with the
// people's directory entries), set (updateaccountsynonym, at most 25 characters) and removal; every view of the
// people and the list reload after a change.
import { useMutation, useQuery } from '@tanstack/react-query';
import { getAccountList, getAccountSynonymsQuery, removeAccountSynonym, updateAccountSynonym } from '@generated/api/account';
import { queryKeys } from '@generated/api/index';
import { unwrap } from '@generated/api/runtime';
import type { Account } from '@generated/types/index';
import { IS_ALLOW_ACCOUNT_SYNONYM } from '@variant/flags';
import { nonEmpty } from '../../../core/non-empty.ts';
import { chatServices } from '../../../core/session/services.ts';

export const synonymsSupported = (): boolean => IS_ALLOW_ACCOUNT_SYNONYM && Boolean(chatServices().clientConfig?.isSupportAccountSynonym);

export interface NamedSynonym {
  account: Account;
  synonym: string;
}

/** My synonyms with the people they name, in the people's order; people no longer in the directory are left out. */
export function useSynonyms(enabled: boolean) {
  const { transport } = chatServices();
  const synonyms = useQuery({ ...getAccountSynonymsQuery(transport, {}), enabled });
  const ids = synonyms.data?.synonyms.map((entry) => entry.synAccountId) ?? [];
  return useQuery({
    queryKey: ['contacts', 'synonyms', ids],
    enabled: enabled && synonyms.isSuccess,
    queryFn: async ({ signal }): Promise<NamedSynonym[]> => {
      const people: Account[] = [];
      // The account list takes at most 200 ids a call.
      for (let start = 0; start < ids.length; start += 200) {
        const accountIds = nonEmpty(ids.slice(start, start + 200));
        if (!accountIds) break;
        const body = { pageInfo: { pageNo: 1, pageSize: accountIds.length }, accountIds, withSelfAccount: false };
        people.push(...(unwrap('getAccountList', await getAccountList(transport, body, { signal })).accounts as Account[]));
      }
      const byId = new Map(people.map((account) => [account.accountId, account]));
      return (synonyms.data?.synonyms ?? []).flatMap((entry) => {
        const account = byId.get(entry.synAccountId);
        return account ? [{ account, synonym: entry.synonym }] : [];
      });
    },
  });
}

/** My synonym for one person (undefined while loading or without one). */
export function useSynonymOf(accountId: string, enabled: boolean): { loaded: boolean; synonym: string | undefined } {
  const query = useQuery({ ...getAccountSynonymsQuery(chatServices().transport, {}), enabled });
  return { loaded: query.isSuccess, synonym: query.data?.synonyms.find((entry) => entry.synAccountId === accountId)?.synonym };
}

async function reloadPeople(): Promise<void> {
  const { queryClient } = chatServices();
  await Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.account.all }), queryClient.invalidateQueries({ queryKey: ['contacts'] })]);
}

export function useSetSynonym() {
  return useMutation({
    mutationFn: async ({ accountId, synonym }: { accountId: string; synonym: string | null }) => {
      const { transport } = chatServices();
      if (synonym === null) unwrap('removeAccountSynonym', await removeAccountSynonym(transport, { synAccountId: accountId }));
      else unwrap('updateAccountSynonym', await updateAccountSynonym(transport, { synAccountId: accountId, synonym: synonym.trim() }));
    },
    onSuccess: reloadPeople,
  });
}
