// The chat's right-panel page opened from a message's menu (room info is the roominfo feature's).
import { definePanelPage } from '../../../ui/index.ts';
import type { ChatMessage } from '../api/data.ts';
import { MessageInfoBody } from './InfoPanels.tsx';

export const messageInfoPage = definePanelPage<{ message: ChatMessage }>('messageInfo', 'chat.messageInfo', ({ params }) => (
  <MessageInfoBody message={params.message} />
));
