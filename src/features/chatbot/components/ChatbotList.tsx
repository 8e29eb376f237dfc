// The chatbot list (left page `chatbotlist`): the chatbots of the client configuration; choosing one opens the
// caller's room with it.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bot } from 'lucide-react';
import type { Room } from '@generated/types/index';
import { Avatar, EmptyState, showToast } from '../../../ui/index.ts';
import { chatServices } from '../../../core/session/services.ts';
import { openChatbotRoom } from '../api/chatbot.ts';
import { langIdOf } from '../../../core/index.ts';
import { chatbotEntries } from '../model/chatbots.ts';
import styles from './Chatbot.module.scss';

export interface ChatbotListProps {
  /** The chatbot's room, ready to show. */
  onOpened: (room: Room) => void;
}

export function ChatbotList({ onOpened }: ChatbotListProps) {
  const { t, i18n } = useTranslation();
  const [opening, setOpening] = useState<string | null>(null);
  const langId = langIdOf(i18n.language);
  const entries = chatbotEntries(chatServices().clientConfig?.chatbots, langId);
  if (entries.length === 0) return <EmptyState icon={Bot} text={t('empty.record')} />;
  const open = async (chatbotId: string) => {
    setOpening(chatbotId);
    const room = await openChatbotRoom(chatbotId, langId);
    setOpening(null);
    if (room) onOpened(room);
    else showToast(t('errors.actionFailed'));
  };
  return (
    <ul className={styles.list} data-testid="chatbot-list">
      {entries.map((entry) => (
        <li key={entry.chatbotId}>
          <button type="button" className={styles.item} disabled={opening !== null} aria-busy={opening === entry.chatbotId} onClick={() => void open(entry.chatbotId)}>
            <Avatar name={entry.name} />
            <bdi className={styles.name}>{entry.name}</bdi>
          </button>
        </li>
      ))}
    </ul>
  );
}
