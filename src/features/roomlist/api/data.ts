// The room list's server state in TanStack Query: pages of rooms (keys from the generated factory), previews
// decrypted by the core.
import { getLastMessage, getRoomList } from '@generated/api/rooms';
import { useMemo } from 'react';
import { infiniteQueryOptions, useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@generated/api/index';
import { unwrap } from '@generated/api/runtime';
import type { Message, Room } from '@generated/types/index';
import { constants } from '@variant/constants';
import { decryptIncomingList, type DecryptedMessage } from '../../../core/messages/crypto.ts';
import { chatServices } from '../../../core/session/services.ts';
import { allRooms, findRoom, upsertRoom, type RoomPage, type RoomPages } from '../model/roomPages.ts';
import type { RoomSummary } from '../model/roomListModel.ts';

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

export function upsertRoomInCache(queryClient: QueryClient, room: Room): void {
  updateRoomPages(queryClient, (data) => upsertRoom(data, room));
}

/** Reloads every loaded page (new or removed rooms, the gap fill after a reconnect). */
export function invalidateRoomList(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: roomListKey() });
}

/**
 * The last message of a room (getLastMessage, always asked afresh), decrypted, and with `withCounts` its unread and
 * mention counts as the server knows them: the room list model's fallback for what a push cannot tell it.
 */
export async function fetchRoomSummary(roomId: string, withCounts: boolean): Promise<RoomSummary> {
  const { transport, keys } = chatServices();
  const data = unwrap('getLastMessage', await getLastMessage(transport, { roomId, withUnreadCount: withCounts }));
  const last = data.message as Message | undefined;
  const [preview] = last ? await decryptIncomingList([last], keys) : [undefined];
  return withCounts ? { preview, counts: { unread: data.noOfUnreadMessage ?? 0, mentioned: data.noOfMentionedMessage ?? 0 } } : { preview };
}
