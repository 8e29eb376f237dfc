// The room list's calls: pages through the generated query builders, last-message previews decrypted by the core.
import { queryKeys } from '@generated/api/queries';
import { unwrap } from '@generated/api/client';
import type { Account, Room } from '@generated/types/index';
import { constants } from '@variant/constants';
import { decryptIncomingList, type DecryptedMessage } from '../../core/messages/crypto.ts';
import { chatServices } from '../session/index.ts';

export interface RoomPage {
  rooms: Room[];
  previews: Record<string, DecryptedMessage | undefined>;
  stillHaveData: boolean;
}

export const roomListKey = (pageNo: number) => queryKeys.getRoomList(roomListBody(pageNo));

export function roomListBody(pageNo: number) {
  return { pageInfo: { pageNo, pageSize: constants.pageSizes.roomList }, withTotalUnreadRoomCount: true, withTotalUnreadMsgCount: true };
}

export async function decryptPreviews(rooms: readonly Room[]): Promise<Record<string, DecryptedMessage | undefined>> {
  const { keys } = chatServices();
  const lasts = rooms.map((room) => room.messages?.[room.messages.length - 1]).filter((m) => m !== undefined);
  const decrypted = await decryptIncomingList(lasts, keys);
  return Object.fromEntries(decrypted.map((message) => [message.roomId, message]));
}

export async function fetchRoomPage(pageNo: number, signal?: AbortSignal): Promise<RoomPage> {
  const { api } = chatServices();
  const data = unwrap('getRoomList', await api.getRoomList(roomListBody(pageNo), { signal }));
  return { rooms: data.rooms as Room[], previews: await decryptPreviews(data.rooms as Room[]), stillHaveData: Boolean(data.stillHaveData) };
}

export async function fetchAccounts(filterOfName: string, signal?: AbortSignal): Promise<Account[]> {
  const { api, accountId } = chatServices();
  const data = unwrap(
    'getAccountList',
    await api.getAccountList({ pageInfo: { pageNo: 1, pageSize: constants.pageSizes.accountList }, filterOfName, withSelfAccount: false }, { signal }),
  );
  return (data.accounts as Account[]).filter((account) => account.accountId !== accountId);
}

export async function createSingleChat(memberId: string): Promise<Room> {
  const { api } = chatServices();
  return unwrap('createSingleRoom', await api.createSingleRoom({ memberId })) as Room;
}

export async function createGroup(roomName: string, memberIds: [string, ...string[]]): Promise<Room> {
  const { api } = chatServices();
  return unwrap('createMultipleRoom', await api.createMultipleRoom({ roomName: roomName.trim(), memberIds })) as Room;
}
