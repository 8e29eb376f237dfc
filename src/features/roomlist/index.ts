export { RoomList, type RoomListProps } from './components/RoomList.tsx';
export { roomFromCache, roomReadHere, upsertRoomInCache, useRoom, useRooms } from './api/data.ts';
export { roomTitle, sortRooms } from './model/rooms.ts';
export { archivedChatsPage, hiddenRoomsPage } from './components/RoomListPages.tsx';
export { RoomHeaderMenu } from './components/RoomHeaderMenu.tsx';
export { useFunctionRoles, useRoomActionRunner } from './components/useRoomMenu.tsx';
export { AccountPicker } from './components/AccountPicker.tsx';
export { nameLength } from './model/createValidation.ts';
export { entryAllows, policyEntry, roomAllows, POLICY_ROLE } from './model/policy.ts';
