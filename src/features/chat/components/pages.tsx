// The chat's right-panel pages, opened from the room header and a message's menu.
import type { Account } from '@generated/types/index';
import { definePanelPage } from '../../../ui/index.ts';
import type { ChatMessage } from '../api/data.ts';
import { MessageInfoBody, RoomInfoBody } from './InfoPanels.tsx';

export const roomInfoPage = definePanelPage<{ members: Account[] }>('roomInfo', 'roomInfo.heading', ({ params }) => <RoomInfoBody members={params.members} />);

export const messageInfoPage = definePanelPage<{ message: ChatMessage }>('messageInfo', 'chat.messageInfo', ({ params }) => (
  <MessageInfoBody message={params.message} />
));
