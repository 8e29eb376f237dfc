export { chatRoomInfoPage } from './components/pages.tsx';
export { addMembersPage } from './components/AddMembers.tsx';
