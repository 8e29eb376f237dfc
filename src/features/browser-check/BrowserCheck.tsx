// The seed's browser check (variants with IS_ALLOW_BROWSER_CHECK): a mobile device is alerted and sent to the
// mobile app's download page (IS_ALLOW_MOBILE_REDIRECT), old Internet Explorer gets the variant's custom page
// (IS_SHOW_CUSTOM_UNSUPPORTED_BROWSER_PAGE) or the default one; any other browser goes on to `children`.
import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IS_ALLOW_BROWSER_CHECK, IS_ALLOW_MOBILE_REDIRECT, IS_SHOW_CUSTOM_UNSUPPORTED_BROWSER_PAGE } from '@variant/flags';
import { config } from '@variant/config';
import { checkBrowser } from './detect.ts';
import styles from './UnsupportedBrowser.module.scss';

// Only old Internet Explorer is shown this page: loaded when it is, so the start and login pages every other browser
// loads do not carry it (the login page's JavaScript has a size budget, docs/client-ui.md). Declared under the flag,
// a constant per variant: a build without the check contains neither this import nor the page's chunk.
let UnsupportedBrowser: ComponentType = () => null;
if (IS_ALLOW_BROWSER_CHECK) {
  UnsupportedBrowser = lazy(() => import('./UnsupportedBrowser.tsx').then((m) => ({ default: m.UnsupportedBrowser })));
}

export function BrowserCheck({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [outcome] = useState(() => checkBrowser(navigator.userAgent));
  const customPage = IS_SHOW_CUSTOM_UNSUPPORTED_BROWSER_PAGE ? (config.links?.unsupportedBrowserPage ?? '') : '';
  const mobileLink = IS_ALLOW_MOBILE_REDIRECT ? (config.links?.mobileDownload ?? '') : '';

  useEffect(() => {
    if (outcome === 'mobile' && mobileLink) {
      window.alert(t('mobileRedirectNotice'));
      window.location.assign(mobileLink);
    }
    if (outcome === 'unsupported' && customPage) window.location.assign(customPage);
  }, [outcome, mobileLink, customPage, t]);

  if (outcome === 'unsupported') {
    return customPage ? null : (
      <Suspense fallback={null}>
        <UnsupportedBrowser />
      </Suspense>
    );
  }
  if (outcome === 'mobile' && mobileLink) {
    return (
      <main className={styles.mobile} data-flag="IS_ALLOW_BROWSER_CHECK">
        <p>
          {t('mobileRedirectNotice')} <a href={mobileLink}>{t('browser.mobileLink')}</a>
        </p>
      </main>
    );
  }
  return children;
}
