export { RoomList, type RoomListProps } from './RoomList.tsx';
export { roomFromCache, roomReadHere, upsertRoomInCache, useRoom, useRooms } from './data.ts';
export { roomTitle, sortRooms } from './rooms.ts';
