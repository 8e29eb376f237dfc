// The room info feature's right-panel pages.
import { definePanelPage } from '../../../ui/index.ts';
import { ChatRoomInfo } from './ChatRoomInfo.tsx';

export const chatRoomInfoPage = definePanelPage<{ roomId: string }>('chatroominfo', 'rooms.info.heading', ({ params }) => <ChatRoomInfo roomId={params.roomId} />);
