// Help and update (left page `helpandupdate`): FAQ, get started, contact us, terms and conditions and the release
// note (the server's releaseNotesUrl, else the variant's link), each where the variant shows it.
import { useTranslation } from 'react-i18next';
import { ExternalLink } from 'lucide-react';
import { config } from '@variant/config';
import { flags } from '@variant/flags';
import { chatServices } from '../../session/index.ts';
import { helpLinks } from '../model/menu.ts';
import styles from './Settings.module.scss';

export function HelpAndUpdate() {
  const { t } = useTranslation();
  const links = config.links;
  const entries = helpLinks(flags, {
    faq: links?.faq ?? '',
    getStarted: links?.getStarted ?? '',
    contactUs: links?.contactUs ?? '',
    termsAndConditions: links?.termsAndConditions ?? '',
    releaseNote: chatServices().clientConfig?.releaseNotesUrl || (links?.releaseNotes ?? ''),
  });
  return (
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
  );
}
