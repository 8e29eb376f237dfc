// The seed's lost-connection indicator: 'Reconnecting…' while the socket retries (every 10 s, 3 tries), then the
// lost state with a Reconnect button (the browser coming back online or the tab being shown also retries). It shows
// only once the socket has stayed down for the variant's lostBannerDelayMs: a socket back within that time (a retry
// run at once when the tab is shown again or the browser is back online) is not an outage to the user. The lost
// state (every try used) shows at once.
import { useTranslation } from 'react-i18next';
import { RefreshCw, WifiOff } from 'lucide-react';
import { constants } from '@variant/constants';
import { Button, useHeldFor } from '../../ui/index.ts';
import { reconnectNow } from '../../core/session/live.ts';
import { useConnectionStatus } from '../../core/session/connection.ts';
import styles from './Chatroom.module.scss';

export function ConnectionBanner() {
  const { t } = useTranslation();
  const status = useConnectionStatus();
  const lost = status === 'lost';
  const down = useHeldFor(status === 'reconnecting' || lost, constants.socket.lostBannerDelayMs);
  if (!down && !lost) return null;
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
