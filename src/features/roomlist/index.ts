export { RoomList, type RoomListProps } from './components/RoomList.tsx';
export { roomFromCache, roomReadHere, upsertRoomInCache, useRoom, useRooms } from './api/data.ts';
export { roomTitle, sortRooms } from './model/rooms.ts';
