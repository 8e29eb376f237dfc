export { ChatroomPage } from './components/ChatroomPage.tsx';
