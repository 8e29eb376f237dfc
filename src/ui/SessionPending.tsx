// What a route shows while a stored session is checked with the server after a reload (usually a few tens of ms,
// so the spinner's own delay keeps it from flashing).
import { useTranslation } from 'react-i18next';
import { Spinner } from './Spinner.tsx';
import styles from './SessionPending.module.scss';

export function SessionPending() {
  const { t } = useTranslation();
  return (
    <main className={styles.pending} aria-busy="true" data-testid="session-pending">
      <Spinner size="large" label={t('session.resuming')} />
    </main>
  );
}
