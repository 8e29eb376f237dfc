// The room list's server state in TanStack Query: pages of rooms (keys from the generated factory), previews
// decrypted by the core, and the account search of the create dialogs.
import { useMemo } from 'react';
import { infiniteQueryOptions, useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import { getAccountListQuery, getLastMessageQuery, queryKeys } from '@generated/api/queries';
import { unwrap } from '@generated/api/client';
import type { Account, Message, Room } from '@generated/types/index';
import { constants } from '@variant/constants';
import { decryptIncomingList, type DecryptedMessage } from '../../core/messages/crypto.ts';
import { chatServices } from '../session/index.ts';
import { allRooms, findRoom, markRoomRead, setPreview, upsertRoom, type RoomPage, type RoomPages } from './roomPages.ts';

function roomListBody(pageNo: number) {
  return { pageInfo: { pageNo, pageSize: constants.pageSizes.roomList }, withTotalUnreadRoomCount: true, withTotalUnreadMsgCount: true };
}

/** The infinite list is keyed by its first page's request: `['rooms', 'getRoomList', body]`. */
export const roomListKey = () => queryKeys.getRoomList(roomListBody(1));

async function decryptPreviews(rooms: readonly Room[]): Promise<Record<string, DecryptedMessage | undefined>> {
  const { keys } = chatServices();
  const lasts = rooms.map((room) => room.messages?.[room.messages.length - 1]).filter((m) => m !== undefined);
  const decrypted = await decryptIncomingList(lasts, keys);
  return Object.fromEntries(decrypted.map((message) => [message.roomId, message]));
}

async function fetchRoomPage(pageNo: number, signal: AbortSignal): Promise<RoomPage> {
  const { api } = chatServices();
  const data = unwrap('getRoomList', await api.getRoomList(roomListBody(pageNo), { signal }));
  const rooms = data.rooms as Room[];
  return { rooms, previews: await decryptPreviews(rooms), stillHaveData: Boolean(data.stillHaveData) };
}

export const roomListQuery = () =>
  infiniteQueryOptions<RoomPage, Error, RoomPages, ReturnType<typeof roomListKey>, number>({
    queryKey: roomListKey(),
    queryFn: ({ pageParam, signal }) => fetchRoomPage(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: RoomPage, _pages: RoomPage[], pageNo: number) => (last.stillHaveData ? pageNo + 1 : undefined),
  });

/** The loaded pages and paging state (the room list panel). */
export function useRoomPages() {
  return useInfiniteQuery(roomListQuery());
}

/** Every loaded room, in list order (forwarding, the open room's live copy). */
export function useRooms(): Room[] {
  const { data } = useInfiniteQuery(roomListQuery());
  return useMemo(() => allRooms(data), [data]);
}

export function useRoom(roomId: string | null): Room | undefined {
  const rooms = useRooms();
  return roomId ? rooms.find((room) => room.roomId === roomId) : undefined;
}

export function roomFromCache(queryClient: QueryClient, roomId: string): Room | undefined {
  return findRoom(queryClient.getQueryData<RoomPages>(roomListKey()), roomId);
}

export function updateRoomPages(queryClient: QueryClient, change: (data: RoomPages | undefined) => RoomPages | undefined): void {
  queryClient.setQueryData<RoomPages>(roomListKey(), change);
}

export function markRoomReadInCache(queryClient: QueryClient, roomId: string): void {
  updateRoomPages(queryClient, (data) => markRoomRead(data, roomId));
}

export function upsertRoomInCache(queryClient: QueryClient, room: Room): void {
  updateRoomPages(queryClient, (data) => upsertRoom(data, room));
}

/** Reloads every loaded page (new or removed rooms, the gap fill after a reconnect). */
export function invalidateRoomList(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: roomListKey() });
}

/** The last message of a room (getLastMessage, always asked afresh), decrypted into the room's preview. */
export async function refreshPreview(queryClient: QueryClient, roomId: string): Promise<void> {
  const { api, keys } = chatServices();
  const data = await queryClient.fetchQuery({ ...getLastMessageQuery(api, { roomId, withUnreadCount: false }), staleTime: 0 });
  const last = data.message as Message | undefined;
  if (!last) return;
  const [preview] = await decryptIncomingList([last], keys);
  updateRoomPages(queryClient, (pages) => setPreview(pages, roomId, preview));
}

/** Accounts matching a name, without me (the account picker). */
export function useAccountSearch(filterOfName: string) {
  const { api, accountId } = chatServices();
  const body = { pageInfo: { pageNo: 1, pageSize: constants.pageSizes.accountList }, filterOfName, withSelfAccount: false };
  return useQuery({
    ...getAccountListQuery(api, body),
    select: (data) => (data.accounts as Account[]).filter((account) => account.accountId !== accountId),
  });
}
