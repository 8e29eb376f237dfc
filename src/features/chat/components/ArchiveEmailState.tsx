// An emailed archive's mail state in the archive lists: on the way, emailed, or not emailed and why.
import { useTranslation } from 'react-i18next';
import { Mail, MailCheck, MailX } from 'lucide-react';
import type { ArchivedMessage } from '@generated/types/index';
import { emailStateKeys } from '../model/archiveEmail.ts';
import styles from './RoomHistory.module.scss';

const ICONS = { PENDING: Mail, SENT: MailCheck, FAILED: MailX } as const;

export function ArchiveEmailState({ archive }: { archive: Pick<ArchivedMessage, 'emailStatus' | 'emailFailure'> }) {
  const { t } = useTranslation();
  const keys = emailStateKeys(archive);
  if (!keys || !archive.emailStatus) return null;
  const Icon = ICONS[archive.emailStatus];
  return (
    <span className={styles.email} data-testid="archive-email" data-status={archive.emailStatus}>
      <Icon aria-hidden="true" className={styles.emailIcon} />
      {keys.reason ? t(keys.state, { reason: t(keys.reason) }) : t(keys.state)}
    </span>
  );
}
