export { RoomList, type RoomListProps } from './components/RoomList.tsx';
export { roomFromCache, upsertRoomInCache, useRoom, useRooms } from './api/data.ts';
export { sortRooms } from './model/rooms.ts';
/** For the room hooks that still take it from here; the domain layer owns it. */
export { roomTitle } from '../../domain/index.ts';
export { archivedChatsPage, hiddenRoomsPage } from './components/RoomListPages.tsx';
export { RoomHeaderMenu } from './components/RoomHeaderMenu.tsx';
export { useFunctionRoles, useRoomActionRunner } from './components/useRoomMenu.tsx';
export { AccountPicker } from './components/AccountPicker.tsx';
export { useAllRooms } from './api/accounts.ts';
export { nameLength } from './model/createValidation.ts';
export { createBroadcastPage } from './components/CreateBroadcast.tsx';
