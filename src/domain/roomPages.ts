// Pure updates of the cached room list (TanStack Query's infinite data: pages of 30 rooms with their decrypted
// previews). Realtime notifications change the cache through these; the list shows `allRooms(data)`.
import type { InfiniteData } from '@tanstack/react-query';
import type { Room } from '@generated/types/index';
import type { DecryptedMessage } from '../core/messages/crypto.ts';
import { sortRooms } from './rooms.ts';

export interface RoomPage {
  rooms: Room[];
  previews: Record<string, DecryptedMessage | undefined>;
  stillHaveData: boolean;
}

/** Page number → page, as useInfiniteQuery keeps it. */
export type RoomPages = InfiniteData<RoomPage, number>;

export interface NewMessageEvent {
  roomId: string;
  senderId: string;
  time: number;
  mentionsMe: boolean;
  /** The pushed message itself (decrypted): it becomes the room's preview, and a second copy changes nothing. */
  message?: DecryptedMessage;
}

/**
 * Every loaded room once (pages can overlap after the order changed between two page loads: the freshest copy
 * wins), pinned first, then the most recent.
 */
export function allRooms(data: RoomPages | undefined): Room[] {
  if (!data) return [];
  const byId = new Map<string, Room>();
  for (const page of data.pages) {
    for (const room of page.rooms) {
      const known = byId.get(room.roomId);
      if (!known || (room.lastUpdateTime ?? 0) > (known.lastUpdateTime ?? 0)) byId.set(room.roomId, room);
    }
  }
  return sortRooms([...byId.values()]);
}

export function allPreviews(data: RoomPages | undefined): Record<string, DecryptedMessage | undefined> {
  return Object.assign({}, ...(data?.pages.map((page) => page.previews) ?? [])) as Record<string, DecryptedMessage | undefined>;
}

export function findRoom(data: RoomPages | undefined, roomId: string): Room | undefined {
  return allRooms(data).find((room) => room.roomId === roomId);
}

function mapRooms(data: RoomPages, roomId: string, change: (room: Room) => Room): RoomPages {
  return {
    ...data,
    pages: data.pages.map((page) =>
      page.rooms.some((room) => room.roomId === roomId)
        ? { ...page, rooms: page.rooms.map((room) => (room.roomId === roomId ? change(room) : room)) }
        : page,
    ),
  };
}

/**
 * A NEW_MESSAGE moves its room to the top of the first page; unread (and mention) counts grow unless the room is
 * open, the sender is me, or it is a system line (the server's, senderId SYSTEM: never unread). `known: false` means
 * the room is not loaded: the caller refetches. With the message given it becomes the preview, and the change can be
 * made twice: a room whose preview is that message already (or a newer one) is left as it is (`applied: false`), so
 * a load that read the room after the message is not counted again.
 */
export function applyNewMessage(
  data: RoomPages | undefined,
  event: NewMessageEvent,
  myAccountId: string | null,
  openRoomId: string | null,
): { data: RoomPages | undefined; known: boolean; applied: boolean } {
  const room = findRoom(data, event.roomId);
  if (!data || !room) return { data, known: false, applied: false };
  const shown = previewOf(data, event.roomId);
  if (event.message && shown && (shown.messageId === event.message.messageId || (shown.messageCreateDate ?? 0) > (event.message.messageCreateDate ?? 0))) {
    return { data, known: true, applied: false };
  }
  const countIt = event.senderId !== myAccountId && event.senderId !== 'SYSTEM' && event.roomId !== openRoomId;
  const updated: Room = {
    ...room,
    lastUpdateTime: Math.max(room.lastUpdateTime ?? 0, event.time),
    noOfUnreadMessage: (room.noOfUnreadMessage ?? 0) + (countIt ? 1 : 0),
    noOfMentionedMessage: (room.noOfMentionedMessage ?? 0) + (countIt && event.mentionsMe ? 1 : 0),
  };
  const preview = event.message ?? shown;
  const pages = data.pages.map((page, index) => {
    const rooms = page.rooms.filter((candidate) => candidate.roomId !== event.roomId);
    const { [event.roomId]: _moved, ...previews } = page.previews;
    if (index > 0) return rooms.length === page.rooms.length ? page : { ...page, rooms, previews };
    return { ...page, rooms: [updated, ...rooms], previews: { ...previews, [event.roomId]: preview } };
  });
  return { data: { ...data, pages }, known: true, applied: true };
}

/** The preview of a room, if loaded. */
export function previewOf(data: RoomPages | undefined, roomId: string): DecryptedMessage | undefined {
  return data?.pages.find((page) => roomId in page.previews)?.previews[roomId];
}

/** The decrypted last message of a room, on the page that holds the room. */
export function setPreview(data: RoomPages | undefined, roomId: string, preview: DecryptedMessage | undefined): RoomPages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) =>
      page.rooms.some((room) => room.roomId === roomId) ? { ...page, previews: { ...page.previews, [roomId]: preview } } : page,
    ),
  };
}

export function markRoomRead(data: RoomPages | undefined, roomId: string): RoomPages | undefined {
  return setCounts(data, roomId, 0, 0);
}

/** The unread and mention counts of a room as the server gave them. */
export function setCounts(data: RoomPages | undefined, roomId: string, unread: number, mentioned: number): RoomPages | undefined {
  if (!data) return data;
  return mapRooms(data, roomId, (room) => ({ ...room, noOfUnreadMessage: unread, noOfMentionedMessage: mentioned }));
}

/** A room the user just created or opened: replaced where it is, else put first on the first page. */
export function upsertRoom(data: RoomPages | undefined, room: Room): RoomPages | undefined {
  if (!data) return data;
  if (findRoom(data, room.roomId)) return mapRooms(data, room.roomId, (known) => ({ ...known, ...room }));
  const [first, ...rest] = data.pages;
  if (!first) return data;
  return { ...data, pages: [{ ...first, rooms: [room, ...first.rooms] }, ...rest] };
}
