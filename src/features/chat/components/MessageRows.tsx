// Found or starred messages, each with its sender, time and summary; choosing one shows it in the chat, with the
// history around it (the right panel's lists and the room list's search across rooms).
import { useTranslation } from 'react-i18next';
import { useJumpStore } from '../hooks/jumpStore.ts';
import { liveName, useLiveNames } from '../../../domain/index.ts';
import type { ChatMessage } from '../api/data.ts';
import { messageSummary } from './summary.ts';
import styles from './Chat.module.scss';

export interface MessageRowsProps {
  roomId: string;
  messages: readonly ChatMessage[];
  /** Runs before the jump (the room list's search opens the room first). */
  onOpen?: () => void;
  label?: string;
  testId?: string;
}

export function MessageRows({ roomId, messages, onOpen, label, testId = 'list-message' }: MessageRowsProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language.replace('_', '-');
  const jumpTo = useJumpStore((store) => store.jumpTo);
  const names = useLiveNames();
  const open = (messageId: string) => {
    onOpen?.();
    jumpTo(roomId, messageId);
  };
  return (
    <ul className={styles.listRows} aria-label={label}>
      {messages.map((message) => (
        <li key={message.messageId} className={styles.listRow} data-testid={testId}>
          <button type="button" className={styles.listRowButton} title={t('messages.goToMessage')} onClick={() => open(message.messageId)}>
            <span className={styles.listRowHead}>
              <bdi className={styles.quoteName}>{message.isSendFromYou ? t('chat.you') : liveName(names, message.messageUserId, message.messageUsername)}</bdi>
              <time className={styles.listRowTime}>{message.messageCreateDate ? new Date(message.messageCreateDate).toLocaleString(locale) : ''}</time>
            </span>
            <bdi className={styles.listRowText}>{messageSummary(message, t)}</bdi>
          </button>
        </li>
      ))}
    </ul>
  );
}
