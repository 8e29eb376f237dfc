// Which pictures the room list asks for: a group's own picture (getroomprofileimage) and, for a single chat, the
// other person's photo (getaccountprofileimage), in batches of the seed's image batch size.
import type { Room } from '@generated/types/index';

export interface PictureBatches {
  roomIds: [string, ...string[]][];
  accountIds: [string, ...string[]][];
}

function batches(ids: Iterable<string>, size: number): [string, ...string[]][] {
  // Sorted so a room moving up the list does not change which batch asks for it.
  const sorted = [...new Set(ids)].sort();
  const out: [string, ...string[]][] = [];
  for (let i = 0; i < sorted.length; i += size) {
    const [first, ...rest] = sorted.slice(i, i + size);
    if (first !== undefined) out.push([first, ...rest]);
  }
  return out;
}

export function pictureBatches(rooms: readonly Room[], size: number): PictureBatches {
  const groups = rooms.filter((room) => room.roomType !== 'SINGLE').map((room) => room.roomId);
  const people = rooms.flatMap((room) => (room.roomType === 'SINGLE' && room.singleRoomAccountId ? [room.singleRoomAccountId] : []));
  return { roomIds: batches(groups, size), accountIds: batches(people, size) };
}

/** A thumbnail (or the full image) as a data URL; undefined when there is none or it is hidden. */
export function pictureUrl(entry: { img?: string; img_tn?: string; visible?: boolean } | undefined): string | undefined {
  if (!entry || entry.visible === false) return undefined;
  const base64 = entry.img_tn || entry.img;
  return base64 ? `data:image/*;base64,${base64}` : undefined;
}
