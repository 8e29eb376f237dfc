// Archived and exported messages (left pages `archivedmessage`, `exportedmessage`): the completed archives of my
// chats, newest first, each downloaded readable (the chat decrypts the server's bundle), with how an emailed one's
// mail went; the seed's empty texts.
import { useTranslation } from 'react-i18next';
import { Archive, Download } from 'lucide-react';
import { Button, EmptyState, Spinner, showToast } from '../../../ui/index.ts';
import { useArchives } from '../api/messages.ts';
import { useSettingsSlots } from '../slots.ts';
import styles from './Settings.module.scss';

export function ArchiveList({ emptyKey }: { emptyKey: 'empty.archived' | 'empty.exported' }) {
  const { t, i18n } = useTranslation();
  const { data, isError } = useArchives();
  const { archives: { EmailState: ArchiveEmailState, download: downloadArchive } } = useSettingsSlots();
  if (isError) return <EmptyState icon={Archive} text={t(emptyKey)} />;
  if (!data) return <Spinner />;
  const archives = [...data.archivedMessages].sort((a, b) => b.date - a.date);
  if (archives.length === 0) return <EmptyState icon={Archive} text={t(emptyKey)} />;
  const locale = i18n.language.replace('_', '-');
  return (
    <ul className={styles.menu} data-testid="archive-list">
      {archives.map((archive) => (
        <li key={archive.id} className={styles.archive} data-testid="archive">
          <span className={styles.menuLabel}>
            <bdi>{archive.roomName ?? ''}</bdi>
            <span className={styles.hint}>{new Date(archive.date).toLocaleString(locale)}</span>
            <ArchiveEmailState archive={archive} />
          </span>
          <Button
            variant="secondary"
            icon={<Download />}
            aria-label={t('settings.archives.download', { name: archive.roomName ?? '' })}
            onClick={() =>
              void downloadArchive(archive, t)
                .then((result) => result.ok || showToast(t('errors.downloadFailed')))
                .catch(() => showToast(t('errors.downloadFailed')))
            }
          >
            {t('news.downloadShort')}
          </Button>
        </li>
      ))}
    </ul>
  );
}
