// 'Translate' on a received text message (IS_ALLOW_OPERATE_MESSAGE): the translation into the reader's language
// shows under the message, or the server's refusal ('This service is not available' without a provider).
import { useTranslation } from 'react-i18next';
import { Languages } from 'lucide-react';
import { IconButton } from '../../../ui/index.ts';
import { langIdOf } from '../../../core/index.ts';
import { useTranslations } from '../hooks/translations.ts';
import styles from './Assist.module.scss';

export interface TranslatableMessage {
  roomId: string;
  messageId: string;
  text?: string;
}

export function TranslateAction({ message }: { message: TranslatableMessage }) {
  const { t, i18n } = useTranslation();
  const translate = useTranslations((state) => state.translate);
  const loading = useTranslations((state) => state.byMessage[message.messageId]?.state === 'loading');
  return (
    <IconButton
      data-flag="IS_ALLOW_OPERATE_MESSAGE"
      icon={Languages}
      label={t('assist.translate')}
      disabled={loading}
      onClick={() => void translate(message, langIdOf(i18n.language))}
    />
  );
}

export function TranslationLine({ messageId }: { messageId: string }) {
  const { t } = useTranslation();
  const entry = useTranslations((state) => state.byMessage[messageId]);
  const hide = useTranslations((state) => state.hide);
  if (!entry) return null;
  if (entry.state === 'loading') return <p className={styles.translation} role="status">{t('assist.translating')}</p>;
  if (entry.state === 'failed') {
    return (
      <p className={[styles.translation, styles.failed].join(' ')} role="alert" data-testid="translation-error">
        {entry.message ?? t('errors.actionFailed')}
      </p>
    );
  }
  return (
    <div className={styles.translation} data-testid="translation">
      <span className={styles.label}>{t('assist.translated')}</span>
      <bdi className={styles.text}>{entry.text}</bdi>
      <button type="button" className={styles.hide} onClick={() => hide(messageId)}>
        {t('assist.hideTranslation')}
      </button>
    </div>
  );
}
