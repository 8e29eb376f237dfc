export { ChatroomPage } from './ChatroomPage.tsx';
