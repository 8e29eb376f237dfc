// A member's presence: a dot after their name, green when online (nothing until the server has answered, nothing
// when they hide it), grey while our own connection is lost (what we last heard may no longer be true); and the
// last-seen time under the name when they are offline and let us see it.
import { useTranslation } from 'react-i18next';
import type { OnlineStatus } from '@generated/types/index';
import { isLive, useConnectionStatus } from '../../../core/session/connection.ts';
import { presenceView } from '../model/presence.ts';
import styles from './Chat.module.scss';

export function OnlineDot({ status }: { status: OnlineStatus | undefined }) {
  const { t } = useTranslation();
  const live = isLive(useConnectionStatus());
  if (status === undefined || presenceView(status).kind === 'hidden') return null;
  const { online } = status;
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

export function LastSeen({ status }: { status: OnlineStatus | undefined }) {
  const { t, i18n } = useTranslation();
  const view = status ? presenceView(status) : undefined;
  if (view?.kind !== 'lastSeen') return null;
  const time = new Date(view.at).toLocaleString(i18n.language.replace('_', '-'), { dateStyle: 'medium', timeStyle: 'short' });
  return <span data-testid="last-seen">{t('chat.lastSeen', { time })}</span>;
}
