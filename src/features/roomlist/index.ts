export { RoomList, type RoomListProps } from './RoomList.tsx';
export { resetRoomList, useRoomList } from './store.ts';
export { roomTitle, sortRooms } from './rooms.ts';
