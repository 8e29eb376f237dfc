export { RoomList, type RoomListProps } from './components/RoomList.tsx';
export { archivedChatsPage, hiddenRoomsPage } from './components/RoomListPages.tsx';
export { RoomHeaderMenu } from './components/RoomHeaderMenu.tsx';
export { useRoomActionRunner } from './components/useRoomMenu.tsx';
export { AccountPicker } from './components/AccountPicker.tsx';
export { createBroadcastPage } from './components/CreateBroadcast.tsx';
export { RoomListSlotsProvider, type RoomListSlots } from './slots.ts';
