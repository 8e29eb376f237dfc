export { ChatroomPage } from './components/ChatroomPage.tsx';
export { Chatroom, type ChatroomProps } from './components/Chatroom.tsx';
