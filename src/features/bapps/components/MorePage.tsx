// The seed's `more` left page (the room list footer's 'More'): the business apps the client config gives for the
// chat room list (`bappsForChatroomList`), then shortcuts to the person's other lists. Those are other features'
// pages, so the app gives them (src/app/chatroom/morePage.tsx), as the variant shows them: contacts, news (with its
// unread count), Do Not Disturb and my QR code.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LucideIcon } from 'lucide-react';
import { usePanelNav, type PanelPageDef } from '../../../ui/index.ts';
import { chatServices } from '../../../core/session/services.ts';
import { AppTiles } from './BappList.tsx';
import styles from './Bapps.module.scss';

/** A shortcut to a left page: a button with the icon and the page's title. */
export interface MoreShortcut {
  page: PanelPageDef<void>;
  icon: LucideIcon;
}

export interface MorePageProps {
  /** The first shortcut, drawn by its owner with the shortcuts' class (the news, with its unread count). */
  leadingShortcut?: (className: string | undefined) => ReactNode;
  shortcuts: readonly MoreShortcut[];
}

export function MorePage({ leadingShortcut, shortcuts }: MorePageProps) {
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
          {leadingShortcut ? <li>{leadingShortcut(styles.shortcut)}</li> : null}
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
