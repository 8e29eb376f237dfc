// A member's presence: a dot after their name, green when online (nothing until the server has answered), grey
// while our own connection is lost (what we last heard may no longer be true).
import { useTranslation } from 'react-i18next';
import { isLive, useConnectionStatus } from '../../session/index.ts';
import styles from './Chat.module.scss';

export function OnlineDot({ online }: { online: boolean | undefined }) {
  const { t } = useTranslation();
  const live = isLive(useConnectionStatus());
  if (online === undefined) return null;
  const label = !live ? t('connection.presenceUnknown') : online ? t('chat.online') : t('chat.offline');
  return (
    <span
      className={[styles.onlineDot, live && online ? styles.online : '', live ? '' : styles.presenceUnknown].join(' ')}
      role="img"
      aria-label={label}
      title={label}
      data-testid="online-dot"
      data-online={live ? online : 'unknown'}
    />
  );
}
