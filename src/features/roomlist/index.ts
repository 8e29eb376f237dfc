export { RoomList, type RoomListProps } from './RoomList.tsx';
export { markRoomReadInCache, roomFromCache, useRoom, useRooms } from './data.ts';
export { roomTitle, sortRooms } from './rooms.ts';
