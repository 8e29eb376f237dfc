// A person's new name in the cached room list: each single chat with them is titled with it and carries their
// new names, as a fresh read of the list would show them.
import type { Account, Room } from '@generated/types/index';
import type { RoomPages } from '../../../domain/roomPages.ts';

/** The fields of a person another member's list shows; the rest of the pushed account is the person's own view. */
type NameFields = Pick<Account, 'customDisplayName' | 'userFullname' | 'searchName' | 'postTitle'>;

function renamed(room: Room, accountId: string, name: string, fields: NameFields): Room {
  if (room.roomType !== 'SINGLE' || room.singleRoomAccountId !== accountId || room.businessType === 'SELF') return room;
  const account = room.singleRoomAccount ? { ...room.singleRoomAccount, ...fields } : undefined;
  return { ...room, roomName: name, ...(account ? { singleRoomAccount: account } : {}) };
}

export function renamePerson(data: RoomPages | undefined, accountId: string, name: string, account: Partial<Account>): RoomPages | undefined {
  if (!data) return data;
  const fields: NameFields = {};
  for (const key of ['customDisplayName', 'userFullname', 'searchName', 'postTitle'] as const) {
    const value = account[key];
    if (value !== undefined) fields[key] = value;
  }
  return {
    ...data,
    pages: data.pages.map((page) =>
      page.rooms.some((room) => room.singleRoomAccountId === accountId) ? { ...page, rooms: page.rooms.map((room) => renamed(room, accountId, name, fields)) } : page,
    ),
  };
}
