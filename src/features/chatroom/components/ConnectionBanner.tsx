// The seed's lost-connection indicator: 'Reconnecting…' while the socket retries (every 10 s, 3 tries), then the
// lost state with a Reconnect button (the browser coming back online or the tab being shown also retries).
import { useTranslation } from 'react-i18next';
import { RefreshCw, WifiOff } from 'lucide-react';
import { Button } from '../../../ui/index.ts';
import { reconnectNow, useConnectionStatus } from '../../session/index.ts';
import styles from './Chatroom.module.scss';

export function ConnectionBanner() {
  const { t } = useTranslation();
  const status = useConnectionStatus();
  if (status !== 'reconnecting' && status !== 'lost') return null;
  const lost = status === 'lost';
  return (
    <div className={[styles.banner, lost ? styles.bannerLost : ''].join(' ')} role="alert" data-testid="connection-banner" data-status={status}>
      <WifiOff aria-hidden="true" className={styles.bannerIcon} />
      <span>
        {t('connection.lost')} {t('connection.server')} {lost ? t('connection.gaveUp') : t('connection.reconnecting')}
      </span>
      {lost ? (
        <Button variant="secondary" icon={<RefreshCw />} onClick={() => reconnectNow()}>
          {t('connection.reconnect')}
        </Button>
      ) : null}
    </div>
  );
}
