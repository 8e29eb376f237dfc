// The chatbot list page of the left panel (`chatbotlist`).
import type { Room } from '@generated/types/index';
import { definePanelPage } from '../../ui/index.ts';
import { ChatbotList } from './components/ChatbotList.tsx';

function ChatbotListPage({ params }: { params: { onOpened: (room: Room) => void } }) {
  return <ChatbotList onOpened={params.onOpened} />;
}

export const chatbotListPage = definePanelPage<{ onOpened: (room: Room) => void }>('chatbotlist', 'chatbot.list', ChatbotListPage);
