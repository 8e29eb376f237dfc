// Pure room-list logic: ordering (pinned first, then most recent), search and realtime updates.
import type { Room } from '@generated/types/index';

export function sortRooms(rooms: readonly Room[]): Room[] {
  return [...rooms].sort((a, b) => {
    if (Boolean(a.isPin) !== Boolean(b.isPin)) return a.isPin ? -1 : 1;
    return (b.lastUpdateTime ?? 0) - (a.lastUpdateTime ?? 0);
  });
}

export function roomTitle(room: Room): string {
  return room.roomName || room.singleRoomAccount?.userFullname || room.roomId;
}

export function filterRooms(rooms: readonly Room[], query: string): Room[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [...rooms];
  return rooms.filter((room) => roomTitle(room).toLocaleLowerCase().includes(needle));
}

/** Merges pages (later pages never replace a fresher copy of the same room). */
export function mergeRooms(current: readonly Room[], incoming: readonly Room[]): Room[] {
  const byId = new Map(current.map((room) => [room.roomId, room]));
  for (const room of incoming) {
    const known = byId.get(room.roomId);
    if (!known || (room.lastUpdateTime ?? 0) >= (known.lastUpdateTime ?? 0)) byId.set(room.roomId, { ...known, ...room });
  }
  return sortRooms([...byId.values()]);
}

export interface NewMessageEvent {
  roomId: string;
  senderId: string;
  time: number;
  mentionsMe: boolean;
}

/** A NEW_MESSAGE moves its room up; unread counts grow unless the room is open or the sender is me. */
export function applyNewMessage(rooms: readonly Room[], event: NewMessageEvent, myAccountId: string | null, openRoomId: string | null): {
  rooms: Room[];
  known: boolean;
} {
  const room = rooms.find((candidate) => candidate.roomId === event.roomId);
  if (!room) return { rooms: [...rooms], known: false };
  const countIt = event.senderId !== myAccountId && event.roomId !== openRoomId;
  const updated: Room = {
    ...room,
    lastUpdateTime: Math.max(room.lastUpdateTime ?? 0, event.time),
    noOfUnreadMessage: (room.noOfUnreadMessage ?? 0) + (countIt ? 1 : 0),
    noOfMentionedMessage: (room.noOfMentionedMessage ?? 0) + (countIt && event.mentionsMe ? 1 : 0),
  };
  return { rooms: sortRooms(rooms.map((candidate) => (candidate.roomId === room.roomId ? updated : candidate))), known: true };
}

export function markRoomRead(rooms: readonly Room[], roomId: string): Room[] {
  return rooms.map((room) => (room.roomId === roomId ? { ...room, noOfUnreadMessage: 0, noOfMentionedMessage: 0 } : room));
}
