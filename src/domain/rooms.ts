// What a room is called wherever it appears: its name, else the other person's name in a single chat, else its id.
import type { Room } from '@generated/types/index';

export function roomTitle(room: Room): string {
  return room.roomName || room.singleRoomAccount?.userFullname || room.roomId;
}
