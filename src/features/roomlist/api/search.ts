// The room list search beyond the loaded rooms: rooms by name and by their members' names (searchroom), and
// people (getaccountlist, pages of 30: the seed's room list search accounts size).
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { getAccountList } from '@generated/api/account';
import { searchRoomQuery } from '@generated/api/rooms';
import { queryKeys } from '@generated/api/index';
import { unwrap } from '@generated/api/runtime';
import type { Account, Room } from '@generated/types/index';
import { constants } from '@variant/constants';
import { chatServices } from '../../session/index.ts';

export function useRoomSearch(text: string) {
  return useQuery({ ...searchRoomQuery(chatServices().transport, { searchCriteria: text }), enabled: text !== '', select: (data) => data.rooms as Room[] });
}

export function usePeopleSearch(text: string) {
  const { transport, accountId } = chatServices();
  const pageSize = constants.pageSizes.roomListSearchAccounts;
  const body = (pageNo: number) => ({ pageInfo: { pageNo, pageSize }, filterOfName: text, withSelfAccount: false });
  return useInfiniteQuery({
    queryKey: queryKeys.account.getAccountList(body(1)),
    queryFn: async ({ pageParam, signal }) => unwrap('getAccountList', await getAccountList(transport, body(pageParam), { signal })),
    initialPageParam: 1,
    getNextPageParam: (last, _pages, pageNo) => (last.stillHaveData ? pageNo + 1 : undefined),
    enabled: text !== '',
    select: (data) => data.pages.flatMap((page) => page.accounts as Account[]).filter((account) => account.accountId !== accountId),
  });
}
