export { ChatView, type ChatViewProps } from './components/ChatView.tsx';
export { MessageInfoBody } from './components/InfoPanels.tsx';
export { enableNotifications, notificationSupport, useMessageNotifications } from './hooks/notifications.ts';
export type { ChatMessage } from './api/data.ts';
export { useOutboxRunner } from './hooks/useOutbox.ts';
export { messageInfoPage } from './components/pages.tsx';
export { sizeParts } from './model/attachments.ts';
export { mediaListPage, searchMessageListPage, starredMessageListPage } from './components/ListPages.tsx';
export { pollingResultListPage, pollingResultPage } from './components/kinds/pollPages.tsx';
