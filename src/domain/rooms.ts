// What a room is called wherever it appears (its name, else the other person's name in a single chat, else its id),
// how long a name is as the limits count it, and the order rooms are listed in.
import type { Room } from '@generated/types/index';

export function roomTitle(room: Room): string {
  return room.roomName || room.singleRoomAccount?.userFullname || room.roomId;
}

/** A room name's length as the name limits count it: characters (not UTF-16 units), without the outer spaces. */
export function nameLength(name: string): number {
  return Array.from(name.trim()).length;
}

/** Pinned first, then the most recent. */
export function sortRooms(rooms: readonly Room[]): Room[] {
  return [...rooms].sort((a, b) => {
    if (Boolean(a.isPin) !== Boolean(b.isPin)) return a.isPin ? -1 : 1;
    return (b.lastUpdateTime ?? 0) - (a.lastUpdateTime ?? 0);
  });
}
