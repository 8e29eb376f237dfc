// Notification setting (left page `notification`): whether this browser may show desktop notifications and a way to
// ask (saying what the browser answered and, when it refuses or blocks them, how to allow them), then the seed's
// settings that decide which messages notify: the mention notification (privacy, saved to the server) and Do Not
// Disturb (its state, and its page to change it).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BellOff, BellRing } from 'lucide-react';
import { IS_ALLOW_DESKTOP_NOTIFICATION, IS_ALLOW_DND } from '@variant/flags';
import { Button, enableNotifications, notificationSupport, Spinner } from '../../../ui/index.ts';
import { usePrivacy } from '../api/account.ts';
import { useDnd, useDndSync } from '../api/dnd.ts';
import { dndStateText } from './DndSettings.tsx';
import { PrivacyCheckbox, useChoosePrivacy } from './PrivacySettings.tsx';
import styles from './Settings.module.scss';

function DesktopNotifications() {
  const { t } = useTranslation();
  const [support, setSupport] = useState(notificationSupport);
  // The browser's last answer on this page: a refusal says how to allow them, a closed question that it can ask again.
  const [answer, setAnswer] = useState<'refused' | 'dismissed' | null>(null);
  const ask = async () => {
    const granted = await enableNotifications(t);
    const now = notificationSupport();
    setSupport(now);
    setAnswer(granted ? null : now === 'default' ? 'dismissed' : 'refused');
  };
  return (
    <section className={styles.section} aria-labelledby="notification-desktop">
      <h3 id="notification-desktop" className={styles.sectionTitle}>
        {t('settings.notification.desktop')}
      </h3>
      <p data-testid="notification-permission">{t(`settings.notification.state.${support}`)}</p>
      {support === 'denied' ? (
        <p className={styles.hint} data-testid="notification-how-to-allow">
          {answer === 'refused' ? `${t('settings.notification.refused')} ` : ''}
          {t('settings.notification.howToAllow')}
        </p>
      ) : null}
      {support === 'default' && answer === 'dismissed' ? <p className={styles.hint}>{t('settings.notification.dismissed')}</p> : null}
      {support === 'unsupported' ? <p className={styles.hint}>{t('errors.notificationUnsupported')}</p> : null}
      {support === 'granted' ? <p className={styles.hint}>{t('settings.notification.whenShown')}</p> : null}
      {IS_ALLOW_DESKTOP_NOTIFICATION && support === 'default' ? (
        <Button data-flag="IS_ALLOW_DESKTOP_NOTIFICATION" variant="secondary" icon={<BellRing />} onClick={() => void ask()}>
          {t('settings.notification.enable')}
        </Button>
      ) : null}
    </section>
  );
}

function MessageNotifications({ onOpenDnd }: { onOpenDnd?: () => void }) {
  const { t, i18n } = useTranslation();
  useDndSync();
  const { data: privacy } = usePrivacy();
  const { data: dnd } = useDnd();
  const choose = useChoosePrivacy();
  if (!privacy || !dnd) return <Spinner />;
  return (
    <section className={styles.section} aria-labelledby="notification-messages">
      <h3 id="notification-messages" className={styles.sectionTitle}>
        {t('settings.notification.messages')}
      </h3>
      <PrivacyCheckbox
        label={t('settings.privacy.mentionNotification')}
        checked={privacy.isShowNotiAtMention ?? false}
        onChange={(on, release) => choose({ field: 'isShowNotiAtMention', value: on }, release)}
      />
      {IS_ALLOW_DND ? (
        <>
          <p data-testid="notification-dnd-state">{dndStateText(t, dnd, i18n.language.replace('_', '-'))}</p>
          {onOpenDnd ? (
            <Button variant="secondary" icon={<BellOff />} onClick={onOpenDnd}>
              {t('settings.notification.dndOpen')}
            </Button>
          ) : null}
        </>
      ) : null}
      <p className={styles.hint}>{t('settings.notification.mutedRooms')}</p>
    </section>
  );
}

export function NotificationSettings({ onOpenDnd }: { onOpenDnd?: () => void }) {
  return (
    <div className={styles.page} data-testid="notification-settings">
      <DesktopNotifications />
      <MessageNotifications {...(onOpenDnd ? { onOpenDnd } : {})} />
    </div>
  );
}
