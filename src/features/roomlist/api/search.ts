// The room list search beyond the loaded rooms: rooms by name and by their members' names (searchroom), and
// people (getaccountlist, pages of 30: the seed's room list search accounts size).
import { useQuery } from '@tanstack/react-query';
import { searchRoomQuery } from '@generated/api/rooms';
import type { Room } from '@generated/types/index';
import { constants } from '@variant/constants';
import { chatServices } from '../../../core/session/services.ts';
import { useAccountPages } from './accounts.ts';

export function useRoomSearch(text: string) {
  return useQuery({ ...searchRoomQuery(chatServices().transport, { searchCriteria: text }), enabled: text !== '', select: (data) => data.rooms as Room[] });
}

export function usePeopleSearch(text: string) {
  return useAccountPages(text, constants.pageSizes.roomListSearchAccounts, text !== '');
}
