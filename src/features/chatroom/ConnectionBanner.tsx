// The seed's lost-connection indicator, shown while the socket reports the connection lost.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WifiOff } from 'lucide-react';
import { currentRealtime } from '../session/index.ts';
import styles from './Chatroom.module.scss';

export function ConnectionBanner() {
  const { t } = useTranslation();
  const [lost, setLost] = useState(false);
  useEffect(() => {
    const realtime = currentRealtime();
    if (!realtime) return;
    setLost(realtime.status === 'lost' || realtime.status === 'reconnecting');
    const offStatus = realtime.on('status', (status) => setLost(status === 'lost' || status === 'reconnecting'));
    const offDisconnect = realtime.on('disconnect', () => setLost(true));
    return () => {
      offStatus();
      offDisconnect();
    };
  }, []);
  if (!lost) return null;
  return (
    <div className={styles.banner} role="alert" data-testid="connection-banner">
      <WifiOff aria-hidden="true" className={styles.bannerIcon} />
      <span>
        {t('connection.lost')} {t('connection.server')}
      </span>
    </div>
  );
}
