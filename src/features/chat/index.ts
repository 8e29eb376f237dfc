export { ChatView, type ChatViewProps } from './ChatView.tsx';
export { MessageInfoBody, RoomInfoBody } from './InfoPanels.tsx';
export { enableNotifications, notificationSupport, useMessageNotifications } from './notifications.ts';
export type { ChatMessage } from './data.ts';
export { useOutboxRunner } from './hooks/useOutbox.ts';
