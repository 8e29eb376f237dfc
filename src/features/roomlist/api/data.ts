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
import { coalescedTask, type CoalescedTask } from '../../../core/coalesced-task.ts';
import { chatServices } from '../../session/index.ts';
import { announceRoomRead } from './readChannel.ts';
import { allRooms, findRoom, setCounts, setPreview, upsertRoom, type RoomPage, type RoomPages } from '../model/roomPages.ts';

function roomListBody(pageNo: number) {
  return { pageInfo: { pageNo, pageSize: constants.pageSizes.roomList }, withTotalUnreadRoomCount: true, withTotalUnreadMsgCount: true };
}

/** The infinite list is keyed by its first page's request: `['rooms', 'getRoomList', body]`. */
/** The body of every getsimpleroomlist / gethidedroomlist read (all rooms without pictures), so they share a cache. */
export const simpleListBody = { isIncludeProfileImage: false, isIncludeLastUpdateTime: true };

export const roomListKey = () => queryKeys.rooms.getRoomList(roomListBody(1));

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

/**
 * After this tab marked messages of a room read: the counts the server now has, here and (over the read
 * channel) in the other tabs of this browser.
 */
export async function roomReadHere(queryClient: QueryClient, roomId: string): Promise<void> {
  announceRoomRead(roomId);
  await refreshRoomSummary(queryClient, roomId, true);
}

export function upsertRoomInCache(queryClient: QueryClient, room: Room): void {
  updateRoomPages(queryClient, (data) => upsertRoom(data, room));
}

/** Reloads every loaded page (new or removed rooms, the gap fill after a reconnect). */
export function invalidateRoomList(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: roomListKey() });
}

/**
 * For a notice that changed a room of the list: a load of the list on its way read the rooms before it, and its
 * answer (built on the pages as they were when it began) would undo the change; it is made again instead (the
 * invalidation cancels it), so it reads the rooms after the notice.
 */
export function reloadRoomListIfLoading(queryClient: QueryClient): void {
  if (queryClient.isFetching({ queryKey: roomListKey(), exact: true }) > 0) void invalidateRoomList(queryClient);
}

/** The summary refresh of each room (with or without counts) in progress, per session's query client. */
const summaryRefreshes = new WeakMap<QueryClient, Map<string, CoalescedTask>>();

/**
 * The last message of a room (getLastMessage, always asked afresh), decrypted into the room's preview, and with
 * `withCounts` its unread and mention counts as the server knows them (not for the open room, which reads
 * what arrives and refreshes its counts once the read marks are in). One at a time per room: asked again while one
 * is on its way (a second message's notice), it runs once more after it, as that one may have read the room before.
 */
export function refreshRoomSummary(queryClient: QueryClient, roomId: string, withCounts: boolean): Promise<void> {
  let tasks = summaryRefreshes.get(queryClient);
  if (!tasks) summaryRefreshes.set(queryClient, (tasks = new Map()));
  const key = `${roomId}/${String(withCounts)}`;
  let task = tasks.get(key);
  if (!task) tasks.set(key, (task = coalescedTask(() => readRoomSummary(queryClient, roomId, withCounts))));
  const running = task;
  return running.run().finally(() => {
    if (!running.isRunning()) tasks.delete(key);
  });
}

async function readRoomSummary(queryClient: QueryClient, roomId: string, withCounts: boolean): Promise<void> {
  const { transport, keys } = chatServices();
  const data = unwrap('getLastMessage', await getLastMessage(transport, { roomId, withUnreadCount: withCounts }));
  const last = data.message as Message | undefined;
  const [preview] = last ? await decryptIncomingList([last], keys) : [undefined];
  updateRoomPages(queryClient, (pages) => {
    const next = setPreview(pages, roomId, preview);
    return withCounts ? setCounts(next, roomId, data.noOfUnreadMessage ?? 0, data.noOfMentionedMessage ?? 0) : next;
  });
}
