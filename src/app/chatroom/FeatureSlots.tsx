// Hands every feature on the chat page what it shows of the others (the *Slots modules beside this one). Around the
// whole page, as a feature's pieces also render in the side panels' pages, outside its own panel.
import type { ReactNode } from 'react';
import { ChatSlotsProvider } from '../../features/chat/index.ts';
import { RoomInfoSlotsProvider } from '../../features/roominfo/index.ts';
import { RoomListSlotsProvider } from '../../features/roomlist/index.ts';
import { SettingsSlotsProvider } from '../../features/settings/index.ts';
import { chatSlots } from './chatSlots.ts';
import { roomInfoSlots, roomListSlots } from './roomSlots.ts';
import { settingsSlots } from './settingsSlots.ts';

export function FeatureSlots({ children }: { children: ReactNode }) {
  return (
    <ChatSlotsProvider value={chatSlots}>
      <RoomListSlotsProvider value={roomListSlots}>
        <RoomInfoSlotsProvider value={roomInfoSlots}>
          <SettingsSlotsProvider value={settingsSlots}>{children}</SettingsSlotsProvider>
        </RoomInfoSlotsProvider>
      </RoomListSlotsProvider>
    </ChatSlotsProvider>
  );
}
