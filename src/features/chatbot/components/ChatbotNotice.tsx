// The variant's chatbot notice (IS_SHOW_CHATBOT_NOTICE): the wording `chatbotNotice` with the variant's phone,
// shown above a chatbot room's conversation. The caller renders it only under the flag, so variants without the
// notice do not ship it.
import { useTranslation } from 'react-i18next';
import { Info } from 'lucide-react';
import { config } from '@variant/config';
import styles from './Chatbot.module.scss';

export function ChatbotNotice() {
  const { t } = useTranslation();
  const text = t('chatbotNotice', { phone: config.chatbotPhone ?? '' });
  if (!text.trim()) return null;
  return (
    <p className={styles.notice} role="note" data-flag="IS_SHOW_CHATBOT_NOTICE" data-testid="chatbot-notice">
      <Info aria-hidden="true" className={styles.noticeIcon} />
      {text}
    </p>
  );
}
