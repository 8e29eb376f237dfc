// Route `/`: the seed's browser check, then on to /login carrying the query string as the action object (or
// straight to /chatroom when a stored session is still alive).
import { useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { IS_ALLOW_BROWSER_CHECK, IS_ALLOW_MOBILE_REDIRECT, IS_SHOW_CUSTOM_UNSUPPORTED_BROWSER_PAGE } from '@variant/flags';
import { config } from '@variant/config';
import { SessionPending, useSessionPhase } from '../session/index.ts';
import { checkBrowser, readActionObject } from './detect.ts';
import { UnsupportedBrowser } from './UnsupportedBrowser.tsx';
import styles from './UnsupportedBrowser.module.scss';

export function BrowserCheckPage() {
  const location = useLocation();
  const { t } = useTranslation();
  const [outcome] = useState(() => checkBrowser(navigator.userAgent, IS_ALLOW_BROWSER_CHECK));
  const customPage = IS_SHOW_CUSTOM_UNSUPPORTED_BROWSER_PAGE ? (config.links?.unsupportedBrowserPage ?? '') : '';
  const mobileLink = IS_ALLOW_MOBILE_REDIRECT ? (config.links?.mobileDownload ?? '') : '';
  const { phase, endedBy } = useSessionPhase();

  useEffect(() => {
    if (outcome === 'mobile' && mobileLink) {
      window.alert(t('mobileRedirectNotice'));
      window.location.assign(mobileLink);
    }
    if (outcome === 'unsupported' && customPage) window.location.assign(customPage);
  }, [outcome, mobileLink, customPage, t]);

  if (outcome === 'unsupported') return customPage ? null : <UnsupportedBrowser />;
  if (outcome === 'mobile' && mobileLink) {
    return (
      <main className={styles.mobile}>
        <p>
          {t('mobileRedirectNotice')} <a href={mobileLink}>{t('browser.mobileLink')}</a>
        </p>
      </main>
    );
  }
  if (phase === 'resuming') return <SessionPending />;
  const actionObj = readActionObject(location.search);
  if (phase === 'signedIn') return <Navigate to="/chatroom" replace state={{ actionObj }} />;
  return <Navigate to={endedBy === 'expired' ? '/login?sessionTimeout' : '/login'} replace state={{ actionObj }} />;
}
