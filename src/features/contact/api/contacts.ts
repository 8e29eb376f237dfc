// The contact list's server state: accounts by name (paged), favourites added and removed in place, and the
// directory's distribution lists (with their members, on demand) and group lists by name.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { addAccountFavContact, getAccountList, removeAccountFavContact } from '@generated/api/account';
import { searchDistributionListMembersQuery, searchDistributionListNamesQuery, searchGroupListQuery } from '@generated/api/directory';
import { unwrap } from '@generated/api/runtime';
import type { Account } from '@generated/types/index';
import { constants } from '@variant/constants';
import { chatServices } from '../../../core/session/services.ts';

interface ContactPage {
  accounts: Account[];
  stillHaveData: boolean;
}

const contactsKey = (filter: string) => ['contacts', 'list', filter] as const;

export function useContacts(filter: string) {
  return useInfiniteQuery({
    queryKey: contactsKey(filter),
    queryFn: async ({ pageParam, signal }): Promise<ContactPage> => {
      const body = { pageInfo: { pageNo: pageParam, pageSize: constants.pageSizes.accountList }, ...(filter ? { filterOfName: filter } : {}) };
      const data = unwrap('getAccountList', await getAccountList(chatServices().transport, body, { signal }));
      return { accounts: data.accounts as Account[], stillHaveData: Boolean(data.stillHaveData) };
    },
    initialPageParam: 1,
    getNextPageParam: (last, _pages, pageNo) => (last.stillHaveData ? pageNo + 1 : undefined),
  });
}

/** Adds or removes a favourite; every loaded contact list shows the change at once. */
export function useToggleFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ accountId, favourite }: { accountId: string; favourite: boolean }) => {
      const { transport } = chatServices();
      const body = { accountIds: [accountId] as [string] };
      if (favourite) unwrap('addAccountFavContact', await addAccountFavContact(transport, body));
      else unwrap('removeAccountFavContact', await removeAccountFavContact(transport, body));
    },
    onSuccess: (_data, { accountId, favourite }) =>
      queryClient.setQueriesData<InfiniteData<ContactPage>>({ queryKey: ['contacts', 'list'] }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                accounts: page.accounts.map((account) => (account.accountId === accountId ? { ...account, isFavourite: favourite } : account)),
              })),
            }
          : data,
      ),
  });
}

export function useDistributionLists(criteria: string) {
  return useQuery({ ...searchDistributionListNamesQuery(chatServices().transport, { distributionListNameCriteria: criteria }), enabled: criteria.length > 0 });
}

/** A distribution list's members (directory account names), fetched once the list is opened. */
export function useDistributionListMembers(distributionListName: string, enabled: boolean) {
  return useQuery({ ...searchDistributionListMembersQuery(chatServices().transport, { distributionListName }), enabled });
}

export function useGroupLists(criteria: string) {
  return useQuery(searchGroupListQuery(chatServices().transport, { type: 'ALL', asc: true, ...(criteria ? { searchCriteria: criteria } : {}) }));
}
