// The room list's server state in TanStack Query: pages of rooms (keys from the generated factory), previews
// decrypted by the core. Every screen reads its rooms here (a room's live copy, forwarding, the policy checks).
import { getRoomList } from '@generated/api/rooms';
import { useMemo } from 'react';
import { infiniteQueryOptions, useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import { getSimpleRoomListQuery, queryKeys } from '@generated/api/index';
import { unwrap } from '@generated/api/runtime';
import type { Room } from '@generated/types/index';
import { constants } from '@variant/constants';
import { decryptIncomingList, type DecryptedMessage } from '../core/messages/crypto.ts';
import { chatServices } from '../core/session/services.ts';
import { sortRooms } from './rooms.ts';
import { allRooms, findRoom, upsertRoom, type RoomPage, type RoomPages } from './roomPages.ts';

/** Every page of the room list asks for the unread totals; pages are keyed apart from a single-page read. */
const roomListPaging = { pageSize: constants.pageSizes.roomList, withTotalUnreadRoomCount: true, withTotalUnreadMsgCount: true };

function roomListBody(pageNo: number) {
  const { pageSize, ...rest } = roomListPaging;
  return { ...rest, pageInfo: { pageNo, pageSize } };
}

/** The body of every getsimpleroomlist / gethidedroomlist read (all rooms without pictures), so they share a cache. */
export const simpleListBody = { isIncludeProfileImage: false, isIncludeLastUpdateTime: true };

export const roomListKey = () => queryKeys.rooms.getRoomListInfinite(roomListPaging);

async function decryptPreviews(rooms: readonly Room[]): Promise<Record<string, DecryptedMessage | undefined>> {
  const { keys } = chatServices();
  const lasts = rooms.map((room) => room.messages?.[room.messages.length - 1]).filter((m) => m !== undefined);
  const decrypted = await decryptIncomingList(lasts, keys);
  return Object.fromEntries(decrypted.map((message) => [message.roomId, message]));
}

async function fetchRoomPage(pageNo: number, signal: AbortSignal): Promise<RoomPage> {
  const { transport } = chatServices();
  const data = unwrap('getRoomList', await getRoomList(transport, roomListBody(pageNo), { signal }));
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

export function upsertRoomInCache(queryClient: QueryClient, room: Room): void {
  updateRoomPages(queryClient, (data) => upsertRoom(data, room));
}

/** Reloads every loaded page (new or removed rooms, the gap fill after a reconnect). */
export function invalidateRoomList(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: roomListKey() });
}

/**
 * Every room of mine that is not hidden: the loaded room list first (its order), then the others of
 * getsimpleroomlist, most recent first (a room may appear twice; users keep the first). `settled` once the full list
 * has answered (or failed: then the loaded rooms are all there is).
 */
export function useAllRooms(): { rooms: Room[]; settled: boolean } {
  const loaded = useRooms();
  const all = useQuery(getSimpleRoomListQuery(chatServices().transport, simpleListBody));
  const rooms = useMemo(() => [...loaded, ...sortRooms(all.data?.rooms ?? [])], [all.data, loaded]);
  return { rooms, settled: all.isSuccess || all.isError };
}
