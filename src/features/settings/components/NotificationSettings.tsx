// Notification setting (left page `notification`): whether this browser may show desktop notifications, a way to
// ask for them, and the seed's instructions when the browser blocks them or has none.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BellRing } from 'lucide-react';
import { IS_ALLOW_DESKTOP_NOTIFICATION } from '@variant/flags';
import { Button } from '../../../ui/index.ts';
import { enableNotifications, notificationSupport } from '../../chat/index.ts';
import styles from './Settings.module.scss';

export function NotificationSettings() {
  const { t } = useTranslation();
  const [support, setSupport] = useState(notificationSupport);
  const ask = async () => {
    await enableNotifications(t);
    setSupport(notificationSupport());
  };
  return (
    <div className={styles.page} data-testid="notification-settings">
      <section className={styles.section}>
        <h3 className={styles.sectionTitle}>{t('settings.notification.desktop')}</h3>
        <p data-testid="notification-permission">{t(`settings.notification.state.${support}`)}</p>
        {support === 'denied' ? <p className={styles.hint}>{t('errors.notificationBlocked')}</p> : null}
        {support === 'unsupported' ? <p className={styles.hint}>{t('errors.notificationUnsupported')}</p> : null}
        {IS_ALLOW_DESKTOP_NOTIFICATION && support === 'default' ? (
          <Button data-flag="IS_ALLOW_DESKTOP_NOTIFICATION" variant="secondary" icon={<BellRing />} onClick={() => void ask()}>
            {t('settings.notification.enable')}
          </Button>
        ) : null}
      </section>
    </div>
  );
}
