// The seed's `more` left page (the room list footer's 'More'): the business apps the client config gives for the
// chat room list (`bappsForChatroomList`), then shortcuts to the person's other lists, as the variant shows them:
// contacts, news (with its unread count), Do Not Disturb and my QR code.
import { useTranslation } from 'react-i18next';
import { BellOff, BookUser, QrCode, type LucideIcon } from 'lucide-react';
import { IS_ALLOW_DND, IS_SHOW_CONTACT_LIST, IS_SHOW_MY_QR_CODE, IS_SHOW_NEWS } from '@variant/flags';
import { usePanelNav, type PanelPageDef } from '../../../ui/index.ts';
import { contactListPage } from '../../contact/index.ts';
import { NewsShortcut, newsListPage } from '../../news/index.ts';
import { chatServices } from '../../../core/session/services.ts';
import { dndPage, myQrCodePage } from '../../settings/index.ts';
import { AppTiles } from './BappList.tsx';
import styles from './Bapps.module.scss';

const shortcuts: { page: PanelPageDef<void>; icon: LucideIcon }[] = [
  ...(IS_SHOW_CONTACT_LIST ? [{ page: contactListPage, icon: BookUser }] : []),
  ...(IS_ALLOW_DND ? [{ page: dndPage, icon: BellOff }] : []),
  ...(IS_SHOW_MY_QR_CODE ? [{ page: myQrCodePage, icon: QrCode }] : []),
];

export function MorePage() {
  const { t } = useTranslation();
  const openLeft = usePanelNav((nav) => nav.openLeft);
  const apps = chatServices().clientConfig?.bappsForChatroomList ?? [];
  return (
    <div data-testid="more-page">
      {apps.length > 0 ? (
        <section aria-label={t('roomList.apps')}>
          <h3 className={styles.heading}>{t('roomList.apps')}</h3>
          <AppTiles apps={apps} testId="more-apps" />
        </section>
      ) : null}
      <nav aria-label={t('bapps.more')}>
        <ul className={styles.shortcuts}>
          {IS_SHOW_NEWS ? (
            <li>
              <NewsShortcut className={styles.shortcut} onOpen={() => openLeft(newsListPage, undefined)} />
            </li>
          ) : null}
          {shortcuts.map(({ page, icon: Icon }) => (
            <li key={page.name}>
              <button type="button" className={styles.shortcut} onClick={() => openLeft(page, undefined)}>
                <Icon aria-hidden="true" />
                {t(page.titleKey)}
              </button>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
