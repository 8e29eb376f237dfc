// The settings menu: one row per entry the variant shows (model/menu.ts); help carries the variant's wording.
import { useTranslation } from 'react-i18next';
import {
  Bell,
  BellOff,
  ChevronRight,
  Archive,
  CircleHelp,
  Contact,
  Database,
  FileOutput,
  Images,
  Info,
  KeyRound,
  Languages,
  LogOut,
  Newspaper,
  QrCode,
  ShieldCheck,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import type { SettingsEntryId } from '../model/menu.ts';
import styles from './Settings.module.scss';

const icons: Record<SettingsEntryId, LucideIcon> = {
  personalInfo: UserRound,
  contacts: Contact,
  news: Newspaper,
  privacy: ShieldCheck,
  language: Languages,
  dnd: BellOff,
  notification: Bell,
  myQrCode: QrCode,
  dataStorage: Database,
  archived: Archive,
  exported: FileOutput,
  privateAlbum: Images,
  changePassword: KeyRound,
  help: CircleHelp,
  about: Info,
  logoutOthers: LogOut,
};

/** The entry's label: the variant's wording where the seed has one (help, archived/exported messages). */
export function entryLabelKey(id: SettingsEntryId): string {
  switch (id) {
    case 'help':
      return 'helpLabel';
    case 'archived':
      return 'archivedMessagesLabel';
    case 'exported':
      return 'exportedMessagesLabel';
    case 'privateAlbum':
      return 'album.menu';
    default:
      return `settings.menu.${id}`;
  }
}

export interface SettingsMenuProps {
  entries: readonly SettingsEntryId[];
  onOpen: (id: SettingsEntryId) => void;
}

export function SettingsMenu({ entries, onOpen }: SettingsMenuProps) {
  const { t } = useTranslation();
  return (
    <ul className={styles.menu} data-testid="settings-menu">
      {entries.map((id) => {
        const Icon = icons[id];
        return (
          <li key={id}>
            <button type="button" className={styles.menuItem} onClick={() => onOpen(id)} data-entry={id}>
              <Icon aria-hidden="true" />
              <span className={styles.menuLabel}>{t(entryLabelKey(id))}</span>
              {id === 'logoutOthers' ? null : <ChevronRight className={styles.chevron} aria-hidden="true" />}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
