// Pure room-list logic: search (the ordering is the domain's sortRooms).
import type { Room } from '@generated/types/index';
import { personMatches, roomTitle } from '../../../domain/index.ts';

export function filterRooms(rooms: readonly Room[], query: string): Room[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [...rooms];
  // A single chat also matches by any name of the other person (my synonym for them too).
  return rooms.filter((room) => roomTitle(room).toLocaleLowerCase().includes(needle) || (room.singleRoomAccount !== undefined && personMatches(room.singleRoomAccount, needle)));
}
