// Pure room-list logic: ordering (pinned first, then most recent) and search.
import type { Room } from '@generated/types/index';
import { personMatches, roomTitle } from '../../../domain/index.ts';

export { roomTitle };

export function sortRooms(rooms: readonly Room[]): Room[] {
  return [...rooms].sort((a, b) => {
    if (Boolean(a.isPin) !== Boolean(b.isPin)) return a.isPin ? -1 : 1;
    return (b.lastUpdateTime ?? 0) - (a.lastUpdateTime ?? 0);
  });
}

export function filterRooms(rooms: readonly Room[], query: string): Room[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [...rooms];
  // A single chat also matches by any name of the other person (my synonym for them too).
  return rooms.filter((room) => roomTitle(room).toLocaleLowerCase().includes(needle) || (room.singleRoomAccount !== undefined && personMatches(room.singleRoomAccount, needle)));
}
