// Room names: 25 characters in the UI plus the seed's buffer of 5 accepted by the server.
import { ApiError } from '../../http/api-error.ts';

export const ROOM_NAME_MAX = 25;
export const ROOM_NAME_BUFFER = 5;

/** Counts characters as people do (code points, so an emoji is one), refusing with NAME_LENGTH. */
export function checkRoomName(name: string): string {
  const trimmed = name.trim();
  const length = [...trimmed].length;
  if (length < 1 || length > ROOM_NAME_MAX + ROOM_NAME_BUFFER) throw new ApiError('NAME_LENGTH', `${length} characters`);
  return trimmed;
}
