// About (left page `about`): the variant's title, version and build.
import { useTranslation } from 'react-i18next';
import { config } from '@variant/config';
import styles from './Settings.module.scss';

export function About() {
  const { t } = useTranslation();
  return (
    <div className={styles.page} data-testid="about">
      <h3 className={styles.title}>{t('appTitle', { title: config.title })}</h3>
      <p>{t('common.versionLine', { version: config.version, build: config.buildVersion })}</p>
    </div>
  );
}
