// Help and update (left page `helpandupdate`): FAQ, get started, contact us, terms and conditions and the release
// note (the server's releaseNotesUrl, else the variant's link), each where the variant shows it; then the app
// update info: newer versions, and a forced update with its deadline.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ExternalLink } from 'lucide-react';
import { checkAppVersionQuery } from '@generated/api/public';
import { config } from '@variant/config';
import {
  IS_ALLOW_APP_VERSION_CHECK,
  IS_SHOW_CONTACT_US,
  IS_SHOW_FAQ,
  IS_SHOW_GET_STARTED,
  IS_SHOW_RELEASE_NOTE,
  IS_SHOW_TERMS_AND_CONDITIONS,
} from '@variant/flags';
import { chatServices } from '../../../core/session/services.ts';
import { helpLinks } from '../model/menu.ts';
import styles from './Settings.module.scss';

export function HelpAndUpdate() {
  const { t } = useTranslation();
  const links = config.links;
  // The flags one by one: a bundle carries only the flags its code reads, not the variant's whole table.
  const flags = { IS_SHOW_FAQ, IS_SHOW_GET_STARTED, IS_SHOW_CONTACT_US, IS_SHOW_TERMS_AND_CONDITIONS, IS_SHOW_RELEASE_NOTE };
  const entries = helpLinks(flags, {
    faq: links?.faq ?? '',
    getStarted: links?.getStarted ?? '',
    contactUs: links?.contactUs ?? '',
    termsAndConditions: links?.termsAndConditions ?? '',
    releaseNote: chatServices().clientConfig?.releaseNotesUrl || (links?.releaseNotes ?? ''),
  });
  return (
    <>
      <ul className={styles.menu} data-testid="help-links">
      {entries.map(({ id, url }) => (
        <li key={id}>
          <a className={styles.menuItem} href={url} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden="true" />
            <span className={styles.menuLabel}>{t(`settings.help.${id}`)}</span>
          </a>
        </li>
      ))}
      </ul>
      {IS_ALLOW_APP_VERSION_CHECK ? <AppUpdateInfo /> : null}
    </>
  );
}

function AppUpdateInfo() {
  const { t, i18n } = useTranslation();
  const { data } = useQuery(checkAppVersionQuery(chatServices().transport, { appPlatform: 'WEB', buildVersion: config.buildVersion }));
  if (!data) return null;
  const newer = data.appVersionItems ?? [];
  const update = data.appUpdate;
  const locale = i18n.language.replace('_', '-');
  return (
    <section className={styles.page} data-testid="app-update">
      <h3 className={styles.sectionTitle}>{t('settings.update.heading')}</h3>
      {newer.length === 0 ? (
        <p>{t('settings.update.latest', { version: config.version, build: config.buildVersion })}</p>
      ) : (
        <ul className={styles.details}>
          {newer.map((item) => (
            <li key={`${item.versionNumber}-${item.buildVersion ?? ''}`}>
              {t('common.versionLine', { version: item.versionNumber, build: item.buildVersion ?? '' })}
              {item.versionDesc ? <span className={styles.hint}> — {item.versionDesc}</span> : null}
            </li>
          ))}
        </ul>
      )}
      {update?.isForceUpd ? (
        <p role="alert">
          {update.forceUpdDeadline
            ? t('settings.update.forcedBy', { deadline: new Date(update.forceUpdDeadline).toLocaleString(locale) })
            : t('settings.update.forced')}
        </p>
      ) : null}
      {newer.length > 0 && update?.updUrl ? (
        <a className={styles.link} href={update.updUrl} target="_blank" rel="noopener noreferrer">
          {t('settings.update.get')}
        </a>
      ) : null}
    </section>
  );
}
