// A member's presence: a dot after their name, green when online (nothing until the server has answered).
import { useTranslation } from 'react-i18next';
import styles from './Chat.module.scss';

export function OnlineDot({ online }: { online: boolean | undefined }) {
  const { t } = useTranslation();
  if (online === undefined) return null;
  const label = online ? t('chat.online') : t('chat.offline');
  return (
    <span
      className={[styles.onlineDot, online ? styles.online : ''].join(' ')}
      role="img"
      aria-label={label}
      title={label}
      data-testid="online-dot"
      data-online={online}
    />
  );
}
