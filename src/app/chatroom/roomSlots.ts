// What the room list and the room info show of the other features, filled in here because only the app puts
// features side by side (docs/client-core.md, "Layers").
import type { RoomInfoSlots } from '../../features/roominfo/index.ts';
import type { RoomListSlots } from '../../features/roomlist/index.ts';
import { exportRoomTranscript } from '../../features/chat/index.ts';
import { UserInfoBody, useOpenPerson } from '../../features/contact/index.ts';
import { AccountPicker, useRoomActionRunner } from '../../features/roomlist/index.ts';

export const roomListSlots: RoomListSlots = { exportRoomTranscript };

export const roomInfoSlots: RoomInfoSlots = { UserInfoBody, AccountPicker, useOpenPerson, useRoomActionRunner };
