// My own chat (the seed's self room): created once by the server, opened on every later ask.
import { createSelfRoom } from '@generated/api/rooms';
import type { Room } from '@generated/types/index';
import { chatServices } from '../../../core/session/services.ts';
import { upsertRoomInCache } from '../../../domain/roomList.ts';

export async function openSelfChat(): Promise<Room | null> {
  const { transport, queryClient } = chatServices();
  const result = await createSelfRoom(transport, {});
  if (!result.ok) return null;
  const room = result.data as Room;
  upsertRoomInCache(queryClient, room);
  return room;
}
