// What the room list's actions need of another feature: the chat's transcript export for the room menu's Export.
// The app fills it (src/app/chatroom/roomSlots.ts), as the room list never imports another feature.
import type { TFunction } from 'i18next';
import type { ApiResult } from '@generated/api/runtime';
import { defineSlots } from '../../ui/index.ts';

export interface RoomListSlots {
  /** The room menu's Export: saves the room's transcript at once. */
  readonly exportRoomTranscript: (roomId: string, t: TFunction) => Promise<ApiResult<unknown>>;
}

const roomListSlots = defineSlots<RoomListSlots>('RoomList');

export const RoomListSlotsProvider = roomListSlots.Provider;
export const useRoomListSlots = roomListSlots.use;
