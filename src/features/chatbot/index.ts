export { chatbotListPage } from './pages.tsx';
export { ChatbotShortcut } from './components/ChatbotShortcut.tsx';
export { ChatbotComposer } from './components/ChatbotComposer.tsx';
export { ChatbotNotice } from './components/ChatbotNotice.tsx';
export { openChatbotRoom } from './api/chatbot.ts';
