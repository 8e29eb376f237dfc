// What the room info shows of other features: the single room's person (the contact's user info), the people picker
// of Add members and the room list's actions. The app fills these slots (src/app/chatroom/roomSlots.ts), as the room
// info never imports another feature.
import type { ComponentType } from 'react';
import type { Account, Room } from '@generated/types/index';
import { defineSlots } from '../../ui/index.ts';

export interface RoomInfoSlots {
  /** A single room's other person, as far as their privacy lets them be seen. */
  readonly UserInfoBody: ComponentType<{ account: Account }>;
  /** Add members' picker; the room's members are left out of its advanced search. */
  readonly AccountPicker: ComponentType<{ multiple: boolean; roomId: string; selected: Account[]; onChange: (accounts: Account[]) => void }>;
  /** A member's row opens the person's page. */
  readonly useOpenPerson: () => (account: Account) => void;
  /** Leave, confirmed and reported as the room menu's Leave is. */
  readonly useRoomActionRunner: () => (action: 'leave', room: Room) => Promise<boolean>;
}

const roomInfoSlots = defineSlots<RoomInfoSlots>('RoomInfo');

export const RoomInfoSlotsProvider = roomInfoSlots.Provider;
export const useRoomInfoSlots = roomInfoSlots.use;
