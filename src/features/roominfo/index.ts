export { chatRoomInfoPage } from './components/pages.tsx';
export { addMembersPage } from './components/AddMembers.tsx';
export { editRoomPolicyPage } from './components/PolicyPage.tsx';
export { auditDetailPage, auditInfoPage } from './components/AuditPages.tsx';
export { dndMembersPage } from './components/DndMembers.tsx';
export { copyRoomPage } from './components/CopyRoom.tsx';
export { roomEventsPage } from './components/RoomEvents.tsx';
export { RoomInfoSlotsProvider, type RoomInfoSlots } from './slots.ts';
