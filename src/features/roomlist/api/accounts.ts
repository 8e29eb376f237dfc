// The account selector's sources: the company directory (getaccountlist, pages of 30), the people of my single
// chats (the loaded room list), and the advanced search (criteria from getadvancedaccountsearchcriteria, results
// from advancedsearch).
import { useMemo } from 'react';
import { IS_ALLOW_ADVANCED_SEARCH } from '@variant/flags';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { advancedSearch, getAccountListInfiniteQuery } from '@generated/api/account';
import { getAdvancedAccountSearchCriteriaQuery, queryKeys } from '@generated/api/index';
import { unwrap } from '@generated/api/runtime';
import type { Account, AdvancedSearchRequest, SearchCriterion } from '@generated/types/index';
import { constants } from '@variant/constants';
import { chatServices } from '../../../core/session/services.ts';
import { chatPeople } from '../model/accountSources.ts';
import { useAllRooms } from '../../../domain/roomList.ts';

/** Accounts whose name matches, without me, a page at a time (the selector's company tab, the room list search). */
export function useAccountPages(filterOfName: string, pageSize: number = constants.pageSizes.accountList, enabled = true) {
  const { transport, accountId } = chatServices();
  return useInfiniteQuery({
    ...getAccountListInfiniteQuery(transport, { pageSize, filterOfName, withSelfAccount: false }),
    enabled,
    // While a new filter loads, the rows of the last one stay (no empty flash under the pointer: a click on a row
    // that is still there lands, and the same people keep their rows).
    placeholderData: keepPreviousData,
    select: (data) => data.pages.flatMap((page) => page.accounts as Account[]).filter((account) => account.accountId !== accountId),
  });
}

/**
 * The chats tab: the people I have single chats with, matching the filter: the loaded room list first (most recent),
 * then every other single chat of getsimpleroomlist, so chats beyond the loaded pages count too.
 */
export function useChatPeople(filter: string): Account[] {
  const { accountId } = chatServices();
  const { rooms } = useAllRooms();
  return useMemo(() => chatPeople(rooms, accountId, filter), [accountId, filter, rooms]);
}

/** The advanced search tab appears where the client config supports it. */
export const advancedSearchSupported = (): boolean => IS_ALLOW_ADVANCED_SEARCH && Boolean(chatServices().clientConfig?.isSupportAdvancedAccountSearch);

export function useSearchCriteria(enabled: boolean) {
  return useQuery({
    ...getAdvancedAccountSearchCriteriaQuery(chatServices().transport, {}),
    enabled,
    select: (data): SearchCriterion[] => [...data.searchCriteria].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0)),
  });
}

/** The advanced search's answer to a submitted request (null before the first search), 30 a page. */
export function useAdvancedSearch(request: Omit<AdvancedSearchRequest, 'pageInfo'> | null) {
  const { transport } = chatServices();
  const pageSize = constants.pageSizes.accountList;
  const body = (pageNo: number) => ({ ...(request as Omit<AdvancedSearchRequest, 'pageInfo'>), pageInfo: { pageNo, pageSize } });
  return useInfiniteQuery({
    queryKey: [...queryKeys.account.all, 'advancedSearch', body(1)] as const,
    queryFn: async ({ pageParam, signal }) => unwrap('advancedSearch', await advancedSearch(transport, body(pageParam), { signal })),
    initialPageParam: 1,
    getNextPageParam: (last, _pages, pageNo) => (last.stillHaveData ? pageNo + 1 : undefined),
    enabled: request !== null,
    select: (data) => data.pages.flatMap((page) => page.accounts as Account[]),
  });
}
