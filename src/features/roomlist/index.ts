export { RoomList, type RoomListProps } from './RoomList.tsx';
export { markRoomReadInCache, roomFromCache, upsertRoomInCache, useRoom, useRooms } from './data.ts';
export { roomTitle, sortRooms } from './rooms.ts';
