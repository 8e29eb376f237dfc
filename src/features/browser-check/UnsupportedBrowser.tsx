// The default page for old Internet Explorer: Recommended, Compatible and Not Support browsers.
import { useTranslation } from 'react-i18next';
import { config } from '@variant/config';
import styles from './UnsupportedBrowser.module.scss';

export function UnsupportedBrowser() {
  const { t } = useTranslation();
  const groups = [
    { heading: t('browser.recommended'), names: [t('browser.chrome')] },
    { heading: t('browser.compatible'), names: [t('browser.firefox'), t('browser.safari'), t('browser.edge')] },
    { heading: t('browser.notSupport'), names: [t('browser.ie')] },
  ];
  return (
    <main className={styles.page} data-flag="IS_ALLOW_BROWSER_CHECK">
      <h1 className={styles.title}>{t('unsupportedBrowserTitle', { title: config.title })}</h1>
      <div className={styles.groups}>
        {groups.map((group) => (
          <section key={group.heading} className={styles.group}>
            <h2 className={styles.heading}>{group.heading}</h2>
            <ul>
              {group.names.map((name) => (
                <li key={name}>{name}</li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </main>
  );
}
